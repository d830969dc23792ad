import { useMutation, useQueryClient } from '@tanstack/react-query'
import { jobKeys } from '../../../components/job-runs/api/job-keys'
import { applyRunUpdate } from '../../../components/job-runs/api/job-run-cache'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

export type CancelledRun = ApiResponse<'/api/jobs/{id}/cancel', 'post'>

/**
 * POST /api/jobs/{id}/cancel — the run stops at its next batch; leads already
 * texted or queued keep their texts. A 409 (already over) shows its notice.
 */
export function cancelBulkRun(runId: number): Promise<CancelledRun> {
  return apiRequest<CancelledRun>(`/api/jobs/${encodeURIComponent(runId)}/cancel`, { method: 'POST' })
}

export function useCancelBulkRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelBulkRun,
    onSuccess: (run) => {
      applyRunUpdate(queryClient, run)
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(run.id) })
    },
  })
}
