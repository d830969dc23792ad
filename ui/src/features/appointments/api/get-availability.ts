import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { appointmentKeys, type AvailabilityQuery } from './appointment-keys'

const PATH = '/api/appointment/availability'

export type Availability = ApiResponse<typeof PATH, 'get'>
export type DayAvailability = Availability['days'][number]
export type FreeSlot = DayAvailability['slots'][number]

/**
 * GET /api/appointment/availability?storeId=&startDate=&days=&advisorId= — a
 * store's quarter hours of `days` local days from `startDate`, each with how
 * many more appointments fit and the advisors free then (past ones left out).
 * Failures raise no notice: the editor shows them by the time picker.
 */
export function getAvailability(query: AvailabilityQuery, signal?: AbortSignal): Promise<Availability> {
  return apiRequest<Availability>(PATH, { query: { ...query }, signal, notifyErrors: false })
}

export function availabilityQueryOptions(query: AvailabilityQuery) {
  return queryOptions({
    queryKey: appointmentKeys.availability(query),
    queryFn: ({ signal }) => getAvailability(query, signal),
    // Others book too: a slot seen a while ago may be gone.
    staleTime: 10_000,
  })
}

export function useAvailability(query: AvailabilityQuery, enabled = true) {
  return useQuery({ ...availabilityQueryOptions(query), enabled })
}
