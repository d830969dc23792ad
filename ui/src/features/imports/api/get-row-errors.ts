import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { ReportRowsQuery } from '../import-search'
import { importKeys } from './import-keys'

export type RowErrorPage = ApiResponse<'/api/data-sync/file-reports/{fileReportId}/errors', 'get'>
export type RowError = RowErrorPage['content'][number]

/** GET /api/data-sync/file-reports/{fileReportId}/errors?page=&size= — a file's refused rows, by line. */
export function getRowErrors(query: ReportRowsQuery, signal?: AbortSignal): Promise<RowErrorPage> {
  return apiRequest<RowErrorPage>(`/api/data-sync/file-reports/${encodeURIComponent(query.reportId)}/errors`, {
    query: { page: query.page, size: query.size },
    signal,
  })
}

export function rowErrorsQueryOptions(query: ReportRowsQuery) {
  return queryOptions({
    queryKey: importKeys.rowErrors(query),
    queryFn: ({ signal }) => getRowErrors(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useRowErrors(query: ReportRowsQuery) {
  return useQuery(rowErrorsQueryOptions(query))
}
