import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query'
import { REALTIME_FALLBACK_POLL_MS } from '../../../lib/config'
import { isActiveJobStatus } from '../../../lib/job-status'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { keepNewerDetail } from './job-run-cache'
import { jobKeys } from './job-keys'

export type JobRunDetail = ApiResponse<'/api/jobs/{id}', 'get'>
export type JobRun = JobRunDetail['run']
export type JobLogLine = JobRunDetail['logs'][number]

/** GET /api/jobs/{id} — the run and the tail of its log. */
export function getJobRun(runId: number, signal?: AbortSignal, notifyErrors = true): Promise<JobRunDetail> {
  return apiRequest<JobRunDetail>(`/api/jobs/${encodeURIComponent(runId)}`, { signal, notifyErrors })
}

export function jobRunQueryOptions(runId: number) {
  return queryOptions({
    queryKey: jobKeys.detail(runId),
    // A background refetch of a run already shown fails quietly; the run stays.
    // Live updates keep it current while shown; on a later visit it is fetched again.
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) => getJobRun(runId, signal, client.getQueryData(queryKey) === undefined),
    // A response that left before a live update arrived must not undo it.
    structuralSharing: (previous, next) =>
      replaceEqualDeep(previous, keepNewerDetail(previous as JobRunDetail | undefined, next as JobRunDetail)),
  })
}

/** The run; with `poll` (the live stream is down) it is fetched every 2 s while it is queued or running. */
export function useJobRun(runId: number, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...jobRunQueryOptions(runId),
    refetchInterval: (query) =>
      poll && query.state.data && isActiveJobStatus(query.state.data.run.status) ? REALTIME_FALLBACK_POLL_MS : false,
  })
}
