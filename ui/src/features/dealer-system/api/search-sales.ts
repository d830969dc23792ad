import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { salesRequest, type SalesQuery } from '../dealer-system-requests'
import { dealerSystemKeys } from './dealer-system-keys'

export type DealerSalePage = ApiResponse<'/api/boc/{bocId}/store/{storeId}/sales/search', 'post'>
/** One sale: deal, customer, vehicle, price and the vehicle's latest service since. */
export type DealerSale = DealerSalePage['content'][number]

/** A page of a store's sales, newest first (see `salesRequest`). */
export function searchSales(query: SalesQuery, signal?: AbortSignal, notifyErrors = true): Promise<DealerSalePage> {
  const { method, path, query: params, body } = salesRequest(query)
  return apiRequest<DealerSalePage>(path, { method, query: params, body, signal, notifyErrors })
}

export function salesQueryOptions(query: SalesQuery) {
  return queryOptions({
    queryKey: dealerSystemKeys.sales(query),
    staleTime: 30_000,
    // A background refetch of a page already shown fails quietly; the page stays.
    queryFn: ({ signal, client, queryKey }) => searchSales(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

const NO_SALES: SalesQuery = { bocId: 0, storeId: 0, withService: false, page: 0, size: 0 }

/** The sales of `query`; nothing while it is undefined (the store's dealer not known yet). */
export function useDealerSales(query: SalesQuery | undefined) {
  return useQuery({ ...salesQueryOptions(query ?? NO_SALES), enabled: query !== undefined })
}
