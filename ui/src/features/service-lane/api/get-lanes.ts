import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { laneKeys } from './lane-keys'
import type { LaneBoardInfo } from './lane-types'

/** GET /api/service-lane/lanes — the lanes in the spec's order, where each lane's cards may go, and whether the caller may move cards and sees delay colours. */
export function getLanes(signal?: AbortSignal): Promise<LaneBoardInfo> {
  return apiRequest<LaneBoardInfo>('/api/service-lane/lanes', { signal })
}

export function lanesQueryOptions() {
  return queryOptions({
    queryKey: laneKeys.lanes(),
    // The lanes and the caller's rights do not change within a session.
    staleTime: Infinity,
    queryFn: ({ signal }) => getLanes(signal),
  })
}

export function useLanes() {
  return useQuery(lanesQueryOptions())
}
