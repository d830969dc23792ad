import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { LeadListQuery } from '../lead-search'
import { leadView } from '../lead-views'
import { leadKeys } from './lead-keys'

/** Every list answers the same page of leads (docs/lead-lists.md); the tracker adds each one's milestones. */
type ListPage = ApiResponse<'/api/future-service-interaction/custom-search', 'post'>
type TrackerPage = ApiResponse<'/api/future-service-interaction/leadManager/tracker', 'post'>
export type Milestones = TrackerPage['content'][number]['milestones']
export type LeadRow = ListPage['content'][number] & { milestones?: Milestones }
export type LeadPage = Omit<ListPage, 'content'> & { content: LeadRow[] }

/** POST <the view's path>?page=&size= with the search payload; the tracker's rows are the leads with their milestones. */
export async function getLeads(query: LeadListQuery, signal?: AbortSignal, notifyErrors = true): Promise<LeadPage> {
  const view = leadView(query.view)
  const options = { method: 'POST' as const, query: { page: query.page, size: query.size }, body: query.body, signal, notifyErrors }
  if (!view.tracked) return apiRequest<ListPage>(view.path, options)
  const page = await apiRequest<TrackerPage>(view.path, options)
  return { ...page, content: page.content.map((row) => ({ ...row.lead, milestones: row.milestones })) }
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
