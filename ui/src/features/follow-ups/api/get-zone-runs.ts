import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { followUpKeys } from './follow-up-keys'

export type ZoneRuns = ApiResponse<'/api/store/brands-timezone', 'get'>[number]
export type StoreRun = ZoneRuns['brands'][number]

/** The runs are fetched again this often while the screen is open (and when the window gets focus). */
export const ZONE_RUNS_REFRESH_MS = 30_000

/**
 * GET /api/store/brands-timezone — the caller's stores grouped by time zone (east first): allowed
 * hours, open now, texts held for the window and follow-up steps due.
 */
export function getZoneRuns(signal?: AbortSignal, notifyErrors = true): Promise<ZoneRuns[]> {
  return apiRequest<ZoneRuns[]>('/api/store/brands-timezone', { signal, notifyErrors })
}

export function zoneRunsQueryOptions() {
  return queryOptions({
    queryKey: followUpKeys.zoneRuns(),
    // A background refresh of a list already shown fails quietly; the list stays.
    queryFn: ({ signal, client, queryKey }) => getZoneRuns(signal, client.getQueryData(queryKey) === undefined),
    staleTime: 0,
  })
}

/** The runs, fetched again every 30 s and on window focus while `enabled`. */
export function useZoneRuns(enabled = true) {
  return useQuery({ ...zoneRunsQueryOptions(), enabled, refetchInterval: ZONE_RUNS_REFRESH_MS, refetchOnWindowFocus: true })
}
