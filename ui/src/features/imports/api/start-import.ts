import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { importKeys } from './import-keys'

/** A file's report: where its load is and what it did. */
export type FileReport = ApiResponse<'/api/data-sync/import', 'post', 202>

export interface StartImportInput {
  enterpriseId: number
  bocId?: number
  storeId: number
  fileType: string
  recallType?: string
  file: File
  /** The confirmed mapping: a JSON object of field key → header. */
  mapping: string
  /** The data source the file comes from (its report names it). */
  dataSourceId?: number
}

/**
 * POST /api/data-sync/import?enterprise_id=&boc_id_pk=&store_id_pk=&recall_type=&file_type=&data_source_id=
 * (multipart `multipartFile` and `mapping`) — 202 with the report; an `imports.file`
 * run loads the file. A 4xx raises no notice: the upload shows the server's reason.
 */
export function startImport(input: StartImportInput): Promise<FileReport> {
  const form = new FormData()
  form.append('multipartFile', input.file, input.file.name)
  form.append('mapping', input.mapping)
  return apiRequest<FileReport>('/api/data-sync/import', {
    method: 'POST',
    query: {
      enterprise_id: input.enterpriseId,
      boc_id_pk: input.bocId,
      store_id_pk: input.storeId,
      recall_type: input.recallType,
      file_type: input.fileType,
      data_source_id: input.dataSourceId,
    },
    form,
    notifyErrors: false,
  })
}

export function useStartImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startImport,
    onSuccess: (report) => {
      queryClient.setQueryData(importKeys.report(report.id), report)
      void queryClient.invalidateQueries({ queryKey: importKeys.reportLists() })
    },
  })
}
