import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { LANE_FAILURE_TEXTS, withFailureText } from './lane-failure'
import { laneKeys } from './lane-keys'
import type { LaneCard } from './lane-types'

/** GET /api/getClosedRoByStoreIdAndDateAndAdvisorNo/{store}/{YYYY-MM-DD}/{advisorNo or ALL} — the orders closed that day. */
export function getClosedRepairOrders(
  storeId: number,
  date: string,
  advisorNo: string,
  signal?: AbortSignal,
  notifyFailure = true,
): Promise<LaneCard[]> {
  const path = [storeId, date, advisorNo].map((part) => encodeURIComponent(part)).join('/')
  return withFailureText(
    () => apiRequest<LaneCard[]>(`/api/getClosedRoByStoreIdAndDateAndAdvisorNo/${path}`, { signal, notifyErrors: false }),
    LANE_FAILURE_TEXTS.closed,
    notifyFailure,
  )
}

export function closedRepairOrdersQueryOptions(storeId: number, date: string, advisorNo: string) {
  return queryOptions({
    queryKey: laneKeys.closed(storeId, date, advisorNo),
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) =>
      getClosedRepairOrders(storeId, date, advisorNo, signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useClosedRepairOrders(
  storeId: number | undefined,
  date: string,
  advisorNo: string,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...closedRepairOrdersQueryOptions(storeId ?? 0, date, advisorNo),
    enabled: storeId !== undefined && date !== '',
    refetchInterval: options.refetchInterval ?? false,
  })
}
