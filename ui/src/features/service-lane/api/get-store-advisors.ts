import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { LANE_FAILURE_TEXTS, withFailureText } from './lane-failure'
import { laneKeys } from './lane-keys'
import type { LaneAdvisor } from './lane-types'

/** GET /api/getAdivsorByStore/{store} (the spec's spelling) — a store's advisors with their orders on the board. */
export function getStoreAdvisors(storeId: number, signal?: AbortSignal, notifyFailure = true): Promise<LaneAdvisor[]> {
  return withFailureText(
    () => apiRequest<LaneAdvisor[]>(`/api/getAdivsorByStore/${encodeURIComponent(storeId)}`, { signal, notifyErrors: false }),
    LANE_FAILURE_TEXTS.advisors,
    notifyFailure,
  )
}

export function storeAdvisorsQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: laneKeys.advisors(storeId),
    staleTime: 60_000,
    queryFn: ({ signal, client, queryKey }) => getStoreAdvisors(storeId, signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useStoreAdvisors(storeId: number | undefined) {
  return useQuery({ ...storeAdvisorsQueryOptions(storeId ?? 0), enabled: storeId !== undefined })
}
