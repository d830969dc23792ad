import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

export type FilePreview = ApiResponse<'/api/data-sync/import/preview', 'post'>
export type PreviewField = FilePreview['fields'][number]

export interface PreviewInput {
  storeId: number
  fileType: string
  file: File
  /** The data source the file comes from: its saved mapping is suggested. */
  dataSourceId?: number
}

/**
 * POST /api/data-sync/import/preview?store_id_pk=&file_type=&data_source_id= (multipart `multipartFile`) —
 * the mapping step: the file's headers, first rows and each field's suggested column (from the
 * named data source's saved mapping, else by name and synonym).
 * Nothing is kept. Errors raise no notice: the upload shows the server's reason.
 */
export function previewImport({ storeId, fileType, file, dataSourceId }: PreviewInput): Promise<FilePreview> {
  const form = new FormData()
  form.append('multipartFile', file, file.name)
  return apiRequest<FilePreview>('/api/data-sync/import/preview', {
    method: 'POST',
    query: { store_id_pk: storeId, file_type: fileType, data_source_id: dataSourceId },
    form,
    notifyErrors: false,
  })
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport })
}
