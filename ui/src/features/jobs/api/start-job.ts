import { useMutation, useQueryClient } from '@tanstack/react-query'
import { jobKeys } from '../../../components/job-runs/api/job-keys'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'

export type StartJobRequest = ApiRequestBody<'/api/jobs', 'post'>
/** 201 (a new run) and 200 (the active run holding the idempotency key) carry the same body. */
export type StartedJobRun = ApiResponse<'/api/jobs', 'post', 201>

/**
 * POST /api/jobs. Errors raise no notice here: the dialog shows a 400's
 * reason next to the form and passes other failures to the usual notice.
 */
export function startJob(request: StartJobRequest): Promise<StartedJobRun> {
  return apiRequest<StartedJobRun>('/api/jobs', { method: 'POST', body: request, notifyErrors: false })
}

export function useStartJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startJob,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: jobKeys.stats() })
    },
  })
}
