import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { isActiveReport } from '../import-format'
import type { ReportListQuery } from '../import-search'
import { importKeys } from './import-keys'

export type FileReportPage = ApiResponse<'/api/data-sync/fetch-file-uploard-reports/{enterpriseId}', 'get'>
export type FileReportSummary = FileReportPage['content'][number]

/** While a shown report loads, the list is fetched again this often. */
export const ACTIVE_LIST_POLL_MS = 2000

/** GET /api/data-sync/fetch-file-uploard-reports/{enterpriseId}?file_type=&store_id=&page=&size= (the spec's spelling) — newest first. */
export function getFileReports(query: ReportListQuery, signal?: AbortSignal, notifyErrors = true): Promise<FileReportPage> {
  return apiRequest<FileReportPage>(`/api/data-sync/fetch-file-uploard-reports/${encodeURIComponent(query.enterpriseId)}`, {
    query: { file_type: query.fileType, store_id: query.storeId, page: query.page, size: query.size },
    signal,
    notifyErrors,
  })
}

export function fileReportsQueryOptions(query: ReportListQuery) {
  return queryOptions({
    queryKey: importKeys.reportList(query),
    // A background refetch of a page already shown fails quietly; the page stays.
    queryFn: ({ signal, client, queryKey }) => getFileReports(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

/** A page of reports; fetched again every 2 s while one of them is queued or loading. */
export function useFileReports(query: ReportListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...fileReportsQueryOptions(query),
    enabled: options.enabled ?? true,
    refetchInterval: (q) => (q.state.data?.content.some((r) => isActiveReport(r.status)) ? ACTIVE_LIST_POLL_MS : false),
  })
}
