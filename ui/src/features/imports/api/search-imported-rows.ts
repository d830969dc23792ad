import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { reviewRowsParams, type ReviewRowsQuery } from '../import-search'
import { importKeys } from './import-keys'

export type ImportedRowPage = ApiResponse<'/api/list-of-customer-vehicle-lead/search', 'get'>
/** A recall, prepaid or FEA row with what enrichment (or a reviewer) made of it. */
export type ImportedRow = ImportedRowPage['content'][number]

/**
 * GET /api/list-of-customer-vehicle-lead/search?file_report_id=&status=&vin=&page=&size= —
 * one file's imported rows in file order, of some enrichment statuses (comma-separated) or one VIN.
 */
export function searchImportedRows(query: ReviewRowsQuery, signal?: AbortSignal, notifyErrors = true): Promise<ImportedRowPage> {
  return apiRequest<ImportedRowPage>('/api/list-of-customer-vehicle-lead/search', {
    query: reviewRowsParams(query),
    signal,
    notifyErrors,
  })
}

export function reviewRowsQueryOptions(query: ReviewRowsQuery) {
  return queryOptions({
    queryKey: importKeys.reviewRows(query),
    // A background refetch of a page already shown fails quietly; the page stays.
    queryFn: ({ signal, client, queryKey }) => searchImportedRows(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

export function useReviewRows(query: ReviewRowsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...reviewRowsQueryOptions(query), enabled: options.enabled ?? true })
}
