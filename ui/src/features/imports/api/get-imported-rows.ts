import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { ReportRowsQuery } from '../import-search'
import { importKeys } from './import-keys'

export type ImportedRowPage = ApiResponse<'/api/data-sync/fea/{fileReportId}', 'get'>
export type ImportedRow = ImportedRowPage['content'][number]

/** GET /api/data-sync/fea/{fileReportId}?page=&size= — a recall, prepaid or FEA file's rows with their enrichment status. */
export function getImportedRows(query: ReportRowsQuery, signal?: AbortSignal): Promise<ImportedRowPage> {
  return apiRequest<ImportedRowPage>(`/api/data-sync/fea/${encodeURIComponent(query.reportId)}`, {
    query: { page: query.page, size: query.size },
    signal,
  })
}

export function importedRowsQueryOptions(query: ReportRowsQuery) {
  return queryOptions({
    queryKey: importKeys.importedRows(query),
    queryFn: ({ signal }) => getImportedRows(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useImportedRows(query: ReportRowsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...importedRowsQueryOptions(query), enabled: options.enabled ?? true })
}
