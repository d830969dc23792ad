import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { laneKeys } from './lane-keys'

/** Every lead list answers the same page of leads (docs/lead-lists.md). */
export type LeadPage = ApiResponse<'/api/lisa/email-search', 'post'>
export type LeadRow = LeadPage['content'][number]

/**
 * The lead lists shown under the board, each of one store:
 * - the global inbox (the lead manager's GI view: leads whose customer wrote, the latest reply first);
 * - the e-mail transcripts (leads whose customer has an e-mail address, with their conversations).
 */
export const STORE_LEAD_LISTS = {
  'global-inbox': '/api/lisa/custom-search/gi',
  'email-transcripts': '/api/lisa/email-search',
} as const

export type StoreLeadList = keyof typeof STORE_LEAD_LISTS

export interface StoreLeadsQuery {
  list: StoreLeadList
  storeId: number
  page: number
  size: number
}

/** POST <the list's path>?page=&size= `{storeIds: [store]}`. */
export function getStoreLeads({ list, storeId, page, size }: StoreLeadsQuery, signal?: AbortSignal, notifyErrors = true): Promise<LeadPage> {
  return apiRequest<LeadPage>(STORE_LEAD_LISTS[list], {
    method: 'POST',
    query: { page, size },
    body: { storeIds: [storeId] },
    signal,
    notifyErrors,
  })
}

export function storeLeadsQueryOptions(query: StoreLeadsQuery) {
  return queryOptions({
    queryKey: laneKeys.leads(query),
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) => getStoreLeads(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

export function useStoreLeads(query: StoreLeadsQuery | undefined) {
  return useQuery({
    ...storeLeadsQueryOptions(query ?? { list: 'global-inbox', storeId: 0, page: 0, size: 0 }),
    enabled: query !== undefined,
  })
}
