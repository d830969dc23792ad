import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { outreachKeys } from './outreach-keys'

export type BulkReportPage = ApiResponse<'/api/lisa/report/bulk-conversation/{member}', 'get'>
export type BulkReportRow = BulkReportPage['content'][number]

/** One page of a run's per-lead results: every outcome (`status`) or the leads not texted (`failed`). */
export interface BulkReportQuery {
  member: 'status' | 'failed'
  jobRunId: number
  page: number
  size: number
}

/** GET /api/lisa/report/bulk-conversation/{status|failed}?jobRunId=&page=&size= — newest first. */
export function getBulkReport(query: BulkReportQuery, signal?: AbortSignal, notifyErrors = true): Promise<BulkReportPage> {
  return apiRequest<BulkReportPage>(`/api/lisa/report/bulk-conversation/${query.member}`, {
    query: { jobRunId: query.jobRunId, page: query.page, size: query.size },
    signal,
    notifyErrors,
  })
}

export function bulkReportQueryOptions(query: BulkReportQuery) {
  return queryOptions({
    queryKey: outreachKeys.report(query),
    // A background refetch of a page already shown fails quietly; the page stays.
    queryFn: ({ signal, client, queryKey }) => getBulkReport(query, signal, client.getQueryData(queryKey) === undefined),
    // Another page or the toggle keeps the shown rows (dimmed) until it arrives.
    placeholderData: keepPreviousData,
  })
}

/** The page; `refetchInterval` while the run still settles leads. */
export function useBulkReport(query: BulkReportQuery, { refetchInterval = false }: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...bulkReportQueryOptions(query), refetchInterval })
}
