import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { importKeys } from './import-keys'

/** A field of a file type with the header this source saved for it (none: matched by name and synonyms). */
export type SavedField = ApiResponse<'/api/data-sync/datasource/{id}/mapping', 'get'>[number]

/** GET /api/data-sync/datasource/{id}/mapping?file_type= — the file type's fields and the source's saved headers. */
export function getSourceMapping(sourceId: number, fileType: string, signal?: AbortSignal): Promise<SavedField[]> {
  return apiRequest<SavedField[]>(`/api/data-sync/datasource/${encodeURIComponent(sourceId)}/mapping`, {
    query: { file_type: fileType },
    signal,
  })
}

export function sourceMappingQueryOptions(sourceId: number, fileType: string) {
  return queryOptions({
    queryKey: importKeys.sourceMapping(sourceId, fileType),
    queryFn: ({ signal }) => getSourceMapping(sourceId, fileType, signal),
  })
}

export function useSourceMapping(sourceId: number, fileType: string) {
  return useQuery(sourceMappingQueryOptions(sourceId, fileType))
}
