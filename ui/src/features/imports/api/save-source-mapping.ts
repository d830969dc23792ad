import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { importKeys } from './import-keys'

export type SaveMappingBody = ApiRequestBody<'/api/data-sync/datasource/{id}/mapping', 'put'>
export type MappingSaved = ApiResponse<'/api/data-sync/datasource/{id}/mapping', 'put'>

export interface SaveSourceMappingInput extends SaveMappingBody {
  sourceId: number
  /** Errors raise the usual notice unless the caller shows them (default true). */
  notifyErrors?: boolean
}

/**
 * PUT /api/data-sync/datasource/{id}/mapping {fileType, mapping: {fieldKey: header}} — the
 * headers this source's files use ('Mapping Saved Successfully.'); an unknown field, or a header
 * given to two fields, is a 400.
 */
export function saveSourceMapping({ sourceId, fileType, mapping, notifyErrors = true }: SaveSourceMappingInput): Promise<MappingSaved> {
  return apiRequest<MappingSaved>(`/api/data-sync/datasource/${encodeURIComponent(sourceId)}/mapping`, {
    method: 'PUT',
    body: { fileType, mapping },
    notifyErrors,
  })
}

/** Saves a mapping; the server's message shows as the success notice and the saved mapping is fetched again. */
export function useSaveSourceMapping() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSourceMapping,
    onSuccess: (saved, { sourceId, fileType }) => {
      notify({ message: saved.message })
      void queryClient.invalidateQueries({ queryKey: importKeys.sourceMapping(sourceId, fileType) })
    },
  })
}
