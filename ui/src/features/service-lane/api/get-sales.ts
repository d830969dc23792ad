import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { laneKeys } from './lane-keys'

export type SalePage = ApiResponse<'/api/boc/{bocId}/store/{storeId}/sales/search-by-sold-date', 'get'>
export type Sale = SalePage['content'][number]

export interface SalesQuery {
  bocId: number
  storeId: number
  /** YYYY-MM-DD. */
  date: string
  page: number
  size: number
}

/** GET /api/boc/{bocId}/store/{storeId}/sales/search-by-sold-date?sold_date=&page=&size= — a store's sales of a day. */
export function getSales({ bocId, storeId, date, page, size }: SalesQuery, signal?: AbortSignal, notifyErrors = true): Promise<SalePage> {
  return apiRequest<SalePage>(
    `/api/boc/${encodeURIComponent(bocId)}/store/${encodeURIComponent(storeId)}/sales/search-by-sold-date`,
    { query: { sold_date: date, page, size }, signal, notifyErrors },
  )
}

export function salesQueryOptions(query: SalesQuery) {
  return queryOptions({
    queryKey: laneKeys.sales(query),
    staleTime: 30_000,
    queryFn: ({ signal, client, queryKey }) => getSales(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

export function useSales(query: SalesQuery | undefined) {
  return useQuery({
    ...salesQueryOptions(query ?? { bocId: 0, storeId: 0, date: '', page: 0, size: 0 }),
    enabled: query !== undefined,
  })
}
