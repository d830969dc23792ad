import { useMutation, useQueryClient } from '@tanstack/react-query'
import { applyRunUpdate } from '../../../components/job-runs/api/job-run-cache'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { importKeys } from './import-keys'

export type CancelledRun = ApiResponse<'/api/jobs/{id}/cancel', 'post'>

export interface CancelImportInput {
  reportId: number
  /** The `imports.file` run that loads the file. */
  jobRunId: number
}

/**
 * POST /api/jobs/{id}/cancel on the report's run — a load stops after the current batch
 * (the report turns CANCELLED; the batches written stay); 409 when it is already over.
 */
export function cancelImport({ jobRunId }: CancelImportInput): Promise<CancelledRun> {
  return apiRequest<CancelledRun>(`/api/jobs/${encodeURIComponent(jobRunId)}/cancel`, { method: 'POST' })
}

export function useCancelImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelImport,
    onSettled: (run, _error, { reportId }) => {
      if (run) applyRunUpdate(queryClient, run)
      void queryClient.invalidateQueries({ queryKey: importKeys.report(reportId) })
      void queryClient.invalidateQueries({ queryKey: importKeys.reportLists() })
    },
  })
}
