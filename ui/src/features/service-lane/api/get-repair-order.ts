import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { laneKeys } from './lane-keys'
import type { RepairOrderDetail } from './lane-types'

/** GET /bridge/api/getOpenServiceOrderDetail/{id} — one order with its lines, its moves (newest first) and where it may go now. */
export function getRepairOrder(id: number, signal?: AbortSignal, notifyErrors = true): Promise<RepairOrderDetail> {
  return apiRequest<RepairOrderDetail>(`/bridge/api/getOpenServiceOrderDetail/${encodeURIComponent(id)}`, { signal, notifyErrors })
}

export function repairOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: laneKeys.detail(id),
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) => getRepairOrder(id, signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useRepairOrder(id: number | undefined) {
  return useQuery({ ...repairOrderQueryOptions(id ?? 0), enabled: id !== undefined })
}
