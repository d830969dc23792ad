import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { openRepairOrdersRequest, type OpenRepairOrdersQuery } from '../dealer-system-requests'
import { dealerSystemKeys } from './dealer-system-keys'

export type OpenRepairOrderPage = ApiResponse<'/api/service-open/boc/{bocId}/store/{storeId}/search-by-date', 'get'>

/** A page of a store's open repair orders, the longest waiting first (see `openRepairOrdersRequest`). */
export function searchOpenRepairOrders(query: OpenRepairOrdersQuery, signal?: AbortSignal, notifyErrors = true): Promise<OpenRepairOrderPage> {
  const { method, path, query: params } = openRepairOrdersRequest(query)
  return apiRequest<OpenRepairOrderPage>(path, { method, query: params, signal, notifyErrors })
}

export function openRepairOrdersQueryOptions(query: OpenRepairOrdersQuery) {
  return queryOptions({
    queryKey: dealerSystemKeys.open(query),
    staleTime: 30_000,
    queryFn: ({ signal, client, queryKey }) => searchOpenRepairOrders(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

const NO_ORDERS: OpenRepairOrdersQuery = { bocId: 0, storeId: 0, page: 0, size: 0 }

export function useOpenRepairOrders(query: OpenRepairOrdersQuery | undefined) {
  return useQuery({ ...openRepairOrdersQueryOptions(query ?? NO_ORDERS), enabled: query !== undefined })
}
