import { queryOptions, useQuery } from '@tanstack/react-query'
import { jobKeys } from '../../../components/job-runs/api/job-keys'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

export type JobKinds = ApiResponse<'/api/jobs/kinds', 'get'>
export type JobKind = JobKinds[number]

/** GET /api/jobs/kinds — every kind, by label, each saying whether the caller may start (cancel, retry) it. */
export function getJobKinds(signal?: AbortSignal): Promise<JobKinds> {
  return apiRequest<JobKinds>('/api/jobs/kinds', { signal })
}

export function jobKindsQueryOptions() {
  return queryOptions({
    queryKey: jobKeys.kinds(),
    queryFn: ({ signal }) => getJobKinds(signal),
    // Fixed for a session.
    staleTime: Infinity,
  })
}

export function useJobKinds() {
  return useQuery(jobKindsQueryOptions())
}
