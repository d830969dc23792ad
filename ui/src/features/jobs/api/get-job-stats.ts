import { queryOptions, useQuery } from '@tanstack/react-query'
import { jobKeys } from '../../../components/job-runs/api/job-keys'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

export type JobStats = ApiResponse<'/api/jobs/stats', 'get'>

/** GET /api/jobs/stats — queue statistics over the caller's runs. */
export function getJobStats(signal?: AbortSignal, notifyErrors = true): Promise<JobStats> {
  return apiRequest<JobStats>('/api/jobs/stats', { signal, notifyErrors })
}

export function jobStatsQueryOptions() {
  return queryOptions({
    queryKey: jobKeys.stats(),
    // Live updates keep it current while shown; on a later visit it is fetched again.
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) => getJobStats(signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useJobStats(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...jobStatsQueryOptions(), refetchInterval: options.refetchInterval ?? false })
}
