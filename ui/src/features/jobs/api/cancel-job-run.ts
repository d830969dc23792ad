import { useMutation, useQueryClient } from '@tanstack/react-query'
import { jobKeys } from '../../../components/job-runs/api/job-keys'
import { applyRunUpdate } from '../../../components/job-runs/api/job-run-cache'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

export type CancelledJobRun = ApiResponse<'/api/jobs/{id}/cancel', 'post'>

/** POST /api/jobs/{id}/cancel — queued runs stop at once, running ones at their next check; 409 when over. */
export function cancelJobRun(runId: number): Promise<CancelledJobRun> {
  return apiRequest<CancelledJobRun>(`/api/jobs/${encodeURIComponent(runId)}/cancel`, { method: 'POST' })
}

export function useCancelJobRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelJobRun,
    onSuccess: (run) => {
      applyRunUpdate(queryClient, run)
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(run.id) })
      void queryClient.invalidateQueries({ queryKey: jobKeys.stats() })
    },
  })
}
