import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { LANE_FAILURE_TEXTS, withFailureText } from './lane-failure'
import { laneKeys } from './lane-keys'
import type { LaneStore } from './lane-types'

/** GET /api/getAllStores — the stores the caller may see. */
export function getLaneStores(signal?: AbortSignal, notifyFailure = true): Promise<LaneStore[]> {
  return withFailureText(
    () => apiRequest<LaneStore[]>('/api/getAllStores', { signal, notifyErrors: false }),
    LANE_FAILURE_TEXTS.stores,
    notifyFailure,
  )
}

export function laneStoresQueryOptions() {
  return queryOptions({
    queryKey: laneKeys.stores(),
    staleTime: 5 * 60_000,
    queryFn: ({ signal, client, queryKey }) => getLaneStores(signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useLaneStores() {
  return useQuery(laneStoresQueryOptions())
}
