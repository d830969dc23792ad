import { keepPreviousData, queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiQuery, ApiResponse } from '../../../lib/api-types'
import { keepNewerRuns } from './job-run-cache'
import { jobKeys } from './job-keys'

export type JobRunPage = ApiResponse<'/api/jobs', 'get'>
export type JobRunSummary = JobRunPage['content'][number]
type ListQuery = ApiQuery<'/api/jobs', 'get'>
/** Page and size are always sent; an absent filter is not. */
export type JobRunQuery = Required<Pick<ListQuery, 'page' | 'size'>> & Pick<ListQuery, 'kind' | 'status' | 'from' | 'to'>

/** GET /api/jobs?page=&size=&kind=&status=&from=&to= — newest first. */
export function getJobRuns(query: JobRunQuery, signal?: AbortSignal, notifyErrors = true): Promise<JobRunPage> {
  return apiRequest<JobRunPage>('/api/jobs', {
    query: { page: query.page, size: query.size, kind: query.kind, status: query.status, from: query.from, to: query.to },
    signal,
    notifyErrors,
  })
}

export function jobRunsQueryOptions(query: JobRunQuery) {
  return queryOptions({
    queryKey: jobKeys.list(query),
    // A background refetch of a page already shown fails quietly; the page stays.
    // Live updates keep it current while shown; on a later visit it is fetched again.
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) => getJobRuns(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
    // A response that left before a live update arrived must not undo it.
    structuralSharing: (previous, next) =>
      replaceEqualDeep(previous, keepNewerRuns(previous as JobRunPage | undefined, next as JobRunPage)),
  })
}

export function useJobRuns(query: JobRunQuery, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...jobRunsQueryOptions(query), refetchInterval: options.refetchInterval ?? false })
}
