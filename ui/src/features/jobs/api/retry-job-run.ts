import { useMutation, useQueryClient } from '@tanstack/react-query'
import { jobKeys } from '../../../components/job-runs/api/job-keys'
import { applyRunUpdate } from '../../../components/job-runs/api/job-run-cache'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

export type RetriedJobRun = ApiResponse<'/api/jobs/{id}/retry', 'post'>

/** POST /api/jobs/{id}/retry — runs a failed or cancelled run again from the start; 409 otherwise. */
export function retryJobRun(runId: number): Promise<RetriedJobRun> {
  return apiRequest<RetriedJobRun>(`/api/jobs/${encodeURIComponent(runId)}/retry`, { method: 'POST' })
}

export function useRetryJobRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryJobRun,
    onSuccess: (run) => {
      applyRunUpdate(queryClient, run)
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(run.id) })
      void queryClient.invalidateQueries({ queryKey: jobKeys.stats() })
    },
  })
}
