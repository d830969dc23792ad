import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { LeadListQuery } from '../lead-search'
import { leadView } from '../lead-views'
import { leadKeys } from './lead-keys'

/** Every list answers the same page of leads (docs/lead-lists.md). */
export type LeadPage = ApiResponse<'/api/future-service-interaction/custom-search', 'post'>
export type LeadRow = LeadPage['content'][number]

/** POST <the view's path>?page=&size= with the search payload. */
export function getLeads(query: LeadListQuery, signal?: AbortSignal, notifyErrors = true): Promise<LeadPage> {
  return apiRequest<LeadPage>(leadView(query.view).path, {
    method: 'POST',
    query: { page: query.page, size: query.size },
    body: query.body,
    signal,
    notifyErrors,
  })
}

export function leadsQueryOptions(query: LeadListQuery) {
  return queryOptions({
    queryKey: leadKeys.list(query),
    // Live events keep a shown page current; a later visit fetches it again.
    staleTime: 5_000,
    // A background refetch of a page already shown fails quietly; the page stays.
    queryFn: ({ signal, client, queryKey }) => getLeads(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

export function useLeads(query: LeadListQuery, options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({ ...leadsQueryOptions(query), enabled: options.enabled ?? true, refetchInterval: options.refetchInterval ?? false })
}
