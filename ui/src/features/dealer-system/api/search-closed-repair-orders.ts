import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { closedRepairOrdersRequest, type ClosedRepairOrdersQuery } from '../dealer-system-requests'
import { dealerSystemKeys } from './dealer-system-keys'

export type RepairOrderPage = ApiResponse<'/api/boc/{bocId}/store/{storeId}/service-closed/search-by-date', 'post'>
/** A repair order with its customer, vehicle, advisor and lines (closed or open: the same shape). */
export type DealerRepairOrder = RepairOrderPage['content'][number]
export type DealerRepairOrderLine = DealerRepairOrder['lines'][number]

/** A page of a store's closed repair orders, newest first (see `closedRepairOrdersRequest`). */
export function searchClosedRepairOrders(query: ClosedRepairOrdersQuery, signal?: AbortSignal, notifyErrors = true): Promise<RepairOrderPage> {
  const { method, path, query: params, body } = closedRepairOrdersRequest(query)
  return apiRequest<RepairOrderPage>(path, { method, query: params, body, signal, notifyErrors })
}

export function closedRepairOrdersQueryOptions(query: ClosedRepairOrdersQuery) {
  return queryOptions({
    queryKey: dealerSystemKeys.closed(query),
    staleTime: 30_000,
    queryFn: ({ signal, client, queryKey }) => searchClosedRepairOrders(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

const NO_ORDERS: ClosedRepairOrdersQuery = { bocId: 0, storeId: 0, inspectionsOnly: false, page: 0, size: 0 }

export function useClosedRepairOrders(query: ClosedRepairOrdersQuery | undefined) {
  return useQuery({ ...closedRepairOrdersQueryOptions(query ?? NO_ORDERS), enabled: query !== undefined })
}
