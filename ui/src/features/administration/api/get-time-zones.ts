import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { TimeZoneOption } from './admin-types'

/** GET /api/time-zones — IANA names with today's offset (`GMT-05:00`). */
export function getTimeZones(signal?: AbortSignal): Promise<TimeZoneOption[]> {
  return apiRequest<TimeZoneOption[]>('/api/time-zones', { signal })
}

export function timeZonesQueryOptions() {
  // Offsets change twice a year at most; an hour is plenty.
  return queryOptions({ queryKey: adminKeys.timeZones(), queryFn: ({ signal }) => getTimeZones(signal), staleTime: 60 * 60_000 })
}

export function useTimeZones() {
  return useQuery(timeZonesQueryOptions())
}
