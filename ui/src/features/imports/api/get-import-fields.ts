import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { importKeys } from './import-keys'

export type ImportField = ApiResponse<'/api/data-sync/import/fields', 'get'>[number]

/** GET /api/data-sync/import/fields?file_type= — the fields of a file type, with their header synonyms. */
export function getImportFields(fileType: string, signal?: AbortSignal): Promise<ImportField[]> {
  return apiRequest<ImportField[]>('/api/data-sync/import/fields', { query: { file_type: fileType }, signal, notifyErrors: false })
}

export function importFieldsQueryOptions(fileType: string) {
  return queryOptions({
    queryKey: importKeys.fields(fileType),
    queryFn: ({ signal }) => getImportFields(fileType, signal),
    // The fields of a type change only with the server.
    staleTime: Infinity,
  })
}

export function useImportFields(fileType: string) {
  return useQuery(importFieldsQueryOptions(fileType))
}
