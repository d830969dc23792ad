import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody } from '../../../lib/api-types'
import { LANE_FAILURE_TEXTS, withFailureText } from './lane-failure'
import { laneKeys } from './lane-keys'
import type { LaneCard } from './lane-types'

export type OpenRepairOrdersRequest = ApiRequestBody<'/api/getOpenRoBtStoreId', 'post'>

/**
 * POST /api/getOpenRoBtStoreId `{statusCode: [...], storeId, advisorNo}` — the
 * store's open orders of every open lane in one call, the longest waiting first.
 */
export function getOpenRepairOrders(body: OpenRepairOrdersRequest, signal?: AbortSignal, notifyFailure = true): Promise<LaneCard[]> {
  return withFailureText(
    () => apiRequest<LaneCard[]>('/api/getOpenRoBtStoreId', { method: 'POST', body, signal, notifyErrors: false }),
    LANE_FAILURE_TEXTS.orders,
    notifyFailure,
  )
}

/** The open orders of a store and advisor (or ALL), over the lanes of `statusCodes`. */
export function openRepairOrdersQueryOptions(storeId: number, advisorNo: string, statusCodes: readonly string[]) {
  return queryOptions({
    // The status codes follow from the lanes, which do not change: not part of the key, so that moves find the list.
    queryKey: laneKeys.open(storeId, advisorNo),
    // Moves arrive live; a later visit fetches again.
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) =>
      getOpenRepairOrders({ statusCode: [...statusCodes], storeId, advisorNo }, signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useOpenRepairOrders(
  storeId: number | undefined,
  advisorNo: string,
  statusCodes: readonly string[] | undefined,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...openRepairOrdersQueryOptions(storeId ?? 0, advisorNo, statusCodes ?? []),
    enabled: storeId !== undefined && statusCodes !== undefined && statusCodes.length > 0,
    refetchInterval: options.refetchInterval ?? false,
  })
}
