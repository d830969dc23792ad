/**
 * Keeping cached runs current: live updates replace runs in place, and a
 * response that is older than what is already shown never undoes it.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { isFinishedJobStatus } from '../../../lib/job-status'
import { utcDay } from '../../../lib/date-time'
import type { JobRun, JobRunDetail } from './get-job-run'
import type { JobRunPage, JobRunQuery } from './get-job-runs'
import { jobKeys } from './job-keys'

export type RunSnapshot = Pick<
  JobRun,
  'id' | 'status' | 'attempt' | 'progress' | 'startedAt' | 'heartbeatAt' | 'finishedAt'
>

function time(iso: string | undefined): number {
  const t = iso ? Date.parse(iso) : NaN
  return Number.isFinite(t) ? t : -Infinity
}

/**
 * Whether `incoming` is an older picture of the same run than `current`.
 * Runs only move forward (queued → running → finished, progress and attempt up)
 * except through a retry, which reopens a failed or cancelled run at attempt 0
 * and, once claimed, heartbeats after the earlier finish.
 */
export function isOutdatedRun(current: RunSnapshot, incoming: RunSnapshot): boolean {
  if (current.id !== incoming.id) return false
  const currentFinished = isFinishedJobStatus(current.status)
  const incomingFinished = isFinishedJobStatus(incoming.status)

  if (currentFinished) {
    if (current.status === 'succeeded' && incoming.status !== 'succeeded') return true
    if (incomingFinished) return time(incoming.finishedAt) < time(current.finishedAt)
    // Active again: a retry, or a picture from before the finish.
    if (incoming.attempt === 0) return !incoming.startedAt && !!current.startedAt
    return time(incoming.heartbeatAt) <= time(current.finishedAt)
  }
  if (incomingFinished) return false
  if (incoming.attempt !== current.attempt) return incoming.attempt < current.attempt
  if (incoming.progress !== current.progress) return incoming.progress < current.progress
  return time(incoming.heartbeatAt) < time(current.heartbeatAt)
}

/** `incoming` unless `current` is newer. */
export function newerRun<T extends RunSnapshot>(current: T | undefined, incoming: T): T {
  return current && isOutdatedRun(current, incoming) ? current : incoming
}

/** A freshly fetched page, keeping rows the cache already holds in a newer state. */
export function keepNewerRuns(previous: JobRunPage | undefined, next: JobRunPage): JobRunPage {
  if (!previous || !next) return next
  const known = new Map(previous.content.map((run) => [run.id, run]))
  let changed = false
  const content = next.content.map((run) => {
    const kept = newerRun(known.get(run.id), run)
    if (kept !== run) changed = true
    return kept
  })
  return changed ? { ...next, content } : next
}

/** A freshly fetched detail, keeping the cached run if it is newer (the log comes from the response). */
export function keepNewerDetail(previous: JobRunDetail | undefined, next: JobRunDetail): JobRunDetail {
  if (!previous || !next) return next
  const run = newerRun(previous.run, next.run)
  return run === next.run ? next : { ...next, run }
}

/** Whether a run passes the list's filters (kind, status, creation day in UTC). */
export function matchesRunFilters(
  run: Pick<JobRun, 'kind' | 'status' | 'createdAt'>,
  query: Pick<JobRunQuery, 'kind' | 'status' | 'from' | 'to'>,
): boolean {
  if (query.kind && run.kind !== query.kind) return false
  if (query.status && run.status !== query.status) return false
  if (query.from || query.to) {
    const day = utcDay(run.createdAt)
    if (!day) return false
    if (query.from && day < query.from) return false
    if (query.to && day > query.to) return false
  }
  return true
}

/**
 * Whether a run that is not on the shown page could belong there, so the page
 * must be fetched again. Pages are newest first (by id): a new run lands on
 * page 0, a run between the page's first and last rows lands on it, and the
 * last page takes older runs while it has room.
 */
export function couldBelongOnPage(
  run: Pick<JobRun, 'id' | 'kind' | 'status' | 'createdAt'>,
  query: JobRunQuery,
  page: JobRunPage | undefined,
): boolean {
  if (!matchesRunFilters(run, query)) return false
  const ids = page?.content.map((r) => r.id) ?? []
  if (ids.length === 0) return query.page === 0
  if (run.id > Math.max(...ids)) return query.page === 0
  if (run.id >= Math.min(...ids)) return true
  return ids.length < query.size
}

/**
 * Replaces cached data without changing how fresh the entry counts: a live
 * update of one run says nothing about the rest of the page.
 */
function patchQueryData<T>(queryClient: QueryClient, queryKey: QueryKey, data: T): void {
  const state = queryClient.getQueryState(queryKey)
  queryClient.setQueryData<T>(queryKey, data, { updatedAt: state?.dataUpdatedAt })
  if (state?.isInvalidated) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' })
}

/** Puts a newer picture of a run into every cached list page that shows it and into its detail. */
export function applyRunUpdate(queryClient: QueryClient, run: JobRun): void {
  for (const [queryKey, page] of queryClient.getQueriesData<JobRunPage>({ queryKey: jobKeys.lists() })) {
    const current = page?.content.find((r) => r.id === run.id)
    if (!page || !current || newerRun(current, run) === current) continue
    patchQueryData(queryClient, queryKey, { ...page, content: page.content.map((r) => (r.id === run.id ? run : r)) })
  }
  const detailKey = jobKeys.detail(run.id)
  const detail = queryClient.getQueryData<JobRunDetail>(detailKey)
  if (detail && newerRun(detail.run, run) !== detail.run) patchQueryData(queryClient, detailKey, { ...detail, run })
}
