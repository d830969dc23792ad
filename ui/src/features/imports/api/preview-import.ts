import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

export type FilePreview = ApiResponse<'/api/data-sync/import/preview', 'post'>
export type PreviewField = FilePreview['fields'][number]

export interface PreviewInput {
  storeId: number
  fileType: string
  file: File
}

/**
 * POST /api/data-sync/import/preview?store_id_pk=&file_type= (multipart `multipartFile`) —
 * the mapping step: the file's headers, first rows and each field's suggested column.
 * Nothing is kept. Errors raise no notice: the upload shows the server's reason.
 */
export function previewImport({ storeId, fileType, file }: PreviewInput): Promise<FilePreview> {
  const form = new FormData()
  form.append('multipartFile', file, file.name)
  return apiRequest<FilePreview>('/api/data-sync/import/preview', {
    method: 'POST',
    query: { store_id_pk: storeId, file_type: fileType },
    form,
    notifyErrors: false,
  })
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport })
}
