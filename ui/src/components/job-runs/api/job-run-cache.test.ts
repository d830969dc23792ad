import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { JobRun, JobRunDetail } from './get-job-run'
import type { JobRunPage, JobRunQuery } from './get-job-runs'
import {
  applyRunUpdate,
  couldBelongOnPage,
  isOutdatedRun,
  keepNewerDetail,
  keepNewerRuns,
  matchesRunFilters,
} from './job-run-cache'
import { jobKeys } from './job-keys'

function run(overrides: Partial<JobRun> = {}): JobRun {
  return {
    id: 10,
    kind: 'diagnostics.noop',
    label: 'Diagnostics',
    unit: 'items',
    actions: [],
    stores: [],
    status: 'running',
    progress: 40,
    counts: { total: 10, done: 4, failed: 0, skipped: 0 },
    attempt: 1,
    maxAttempts: 3,
    cancelRequested: false,
    createdAt: '2025-11-22T10:00:00Z',
    startedAt: '2025-11-22T10:00:01Z',
    heartbeatAt: '2025-11-22T10:00:05Z',
    ...overrides,
  }
}

const succeeded = run({
  status: 'succeeded',
  progress: 100,
  heartbeatAt: '2025-11-22T10:00:09Z',
  finishedAt: '2025-11-22T10:00:10Z',
})
const failed = run({ status: 'failed', progress: 60, finishedAt: '2025-11-22T10:00:10Z' })

describe('isOutdatedRun', () => {
  it('never lets an older picture undo progress or a finish', () => {
    expect(isOutdatedRun(run({ progress: 60 }), run({ progress: 40 }))).toBe(true)
    expect(isOutdatedRun(run({ progress: 40 }), run({ progress: 60 }))).toBe(false)
    expect(isOutdatedRun(succeeded, run({ progress: 90 }))).toBe(true)
    expect(isOutdatedRun(succeeded, run({ status: 'queued', attempt: 0, progress: 0, startedAt: undefined }))).toBe(true)
    expect(isOutdatedRun(run({ attempt: 2 }), run({ attempt: 1, progress: 90 }))).toBe(true)
    expect(isOutdatedRun(run({ heartbeatAt: '2025-11-22T10:00:06Z' }), run())).toBe(true)
  })

  it('takes forward moves and equal pictures', () => {
    expect(isOutdatedRun(run({ status: 'queued', attempt: 0, progress: 0 }), run())).toBe(false)
    expect(isOutdatedRun(run(), succeeded)).toBe(false)
    expect(isOutdatedRun(run(), run({ cancelRequested: true }))).toBe(false)
    expect(isOutdatedRun(succeeded, succeeded)).toBe(false)
  })

  it('takes a retry: back to queued at attempt 0, then claimed after the finish', () => {
    const retried = run({ status: 'queued', attempt: 0, progress: 0 })
    expect(isOutdatedRun(failed, retried)).toBe(false)
    const claimed = run({ attempt: 1, progress: 0, heartbeatAt: '2025-11-22T10:01:00Z' })
    expect(isOutdatedRun(failed, claimed)).toBe(false)
    // …but not a picture from before the failure.
    expect(isOutdatedRun(failed, run({ attempt: 1, heartbeatAt: '2025-11-22T10:00:05Z' }))).toBe(true)
    // A run cancelled while queued never started; its retry has not either.
    const cancelledQueued = run({ status: 'cancelled', attempt: 0, progress: 0, startedAt: undefined, finishedAt: '2025-11-22T10:00:02Z' })
    expect(isOutdatedRun(cancelledQueued, run({ status: 'queued', attempt: 0, progress: 0, startedAt: undefined }))).toBe(false)
    // A later finish replaces an earlier one; an earlier one does not replace a later one.
    expect(isOutdatedRun(failed, { ...succeeded, finishedAt: '2025-11-22T10:02:00Z' })).toBe(false)
    expect(isOutdatedRun({ ...failed, finishedAt: '2025-11-22T10:02:00Z' }, failed)).toBe(true)
  })

  it('compares only the same run', () => {
    expect(isOutdatedRun(run({ id: 1, progress: 90 }), run({ id: 2, progress: 10 }))).toBe(false)
  })
})

const query: JobRunQuery = { page: 0, size: 3 }
const page = (ids: number[], totalElements = 10): JobRunPage => ({
  content: ids.map((id) => run({ id })),
  page: 0,
  size: 3,
  totalElements,
})

describe('keepNewerRuns / keepNewerDetail', () => {
  it('keep cached rows that are newer than the response', () => {
    const cached: JobRunPage = { ...page([12, 11, 10]), content: [run({ id: 12 }), run({ id: 11 }), succeeded] }
    const fetched: JobRunPage = { ...page([]), content: [run({ id: 13 }), run({ id: 12, progress: 50 }), run({ id: 11 })] }
    expect(keepNewerRuns(cached, fetched)).toBe(fetched)
    const stale: JobRunPage = { ...page([12, 11, 10]), content: [run({ id: 12 }), run({ id: 11 }), run({ id: 10, progress: 90 })] }
    expect(keepNewerRuns(cached, stale).content[2]).toBe(succeeded)
  })

  it('keep the cached run of a detail but take the log of the response', () => {
    const cached: JobRunDetail = { run: succeeded, logs: [] }
    const logs = [{ id: 1, level: 'info', line: 'hi', loggedAt: '2025-11-22T10:00:03Z' }]
    const next = keepNewerDetail(cached, { run: run({ progress: 90 }), logs })
    expect(next.run).toBe(succeeded)
    expect(next.logs).toBe(logs)
  })
})

describe('matchesRunFilters', () => {
  it('checks kind, status and the UTC creation day', () => {
    const r = run({ createdAt: '2025-11-22T23:30:00Z' })
    expect(matchesRunFilters(r, {})).toBe(true)
    expect(matchesRunFilters(r, { kind: 'diagnostics.noop', status: 'running' })).toBe(true)
    expect(matchesRunFilters(r, { kind: 'other' })).toBe(false)
    expect(matchesRunFilters(r, { status: 'failed' })).toBe(false)
    expect(matchesRunFilters(r, { from: '2025-11-22', to: '2025-11-22' })).toBe(true)
    expect(matchesRunFilters(r, { from: '2025-11-23' })).toBe(false)
    expect(matchesRunFilters(r, { to: '2025-11-21' })).toBe(false)
  })
})

describe('couldBelongOnPage', () => {
  it('puts new runs on page 0 only', () => {
    expect(couldBelongOnPage(run({ id: 20 }), query, page([12, 11, 10]))).toBe(true)
    expect(couldBelongOnPage(run({ id: 20 }), { ...query, page: 1 }, page([12, 11, 10]))).toBe(false)
    expect(couldBelongOnPage(run({ id: 20 }), query, page([]))).toBe(true)
    expect(couldBelongOnPage(run({ id: 20 }), query, undefined)).toBe(true)
  })

  it('takes runs between the first and last rows, and older ones while the last page has room', () => {
    expect(couldBelongOnPage(run({ id: 11 }), { ...query, status: 'running' }, page([12, 10, 9]))).toBe(true)
    expect(couldBelongOnPage(run({ id: 5 }), query, page([12, 11, 10]))).toBe(false)
    expect(couldBelongOnPage(run({ id: 5 }), query, page([12, 11]))).toBe(true)
  })

  it('ignores runs the filters exclude', () => {
    expect(couldBelongOnPage(run({ id: 20, status: 'queued' }), { ...query, status: 'failed' }, page([12]))).toBe(false)
  })
})

describe('applyRunUpdate', () => {
  it('updates the run in place in every cached page and its detail, unless it is older', () => {
    const client = new QueryClient()
    const listKey = jobKeys.list(query)
    client.setQueryData(listKey, page([12, 11, 10]))
    client.setQueryData(jobKeys.detail(11), { run: run({ id: 11 }), logs: [] })

    applyRunUpdate(client, run({ id: 11, progress: 80 }))
    expect(client.getQueryData<JobRunPage>(listKey)?.content[1]?.progress).toBe(80)
    expect(client.getQueryData<JobRunDetail>(jobKeys.detail(11))?.run.progress).toBe(80)

    applyRunUpdate(client, run({ id: 11, progress: 50 }))
    expect(client.getQueryData<JobRunPage>(listKey)?.content[1]?.progress).toBe(80)

    applyRunUpdate(client, run({ id: 99 }))
    expect(client.getQueryData<JobRunPage>(listKey)?.content.map((r) => r.id)).toEqual([12, 11, 10])
  })

  it('leaves pages without the run untouched, so an invalidated page stays due for a refetch', async () => {
    const client = new QueryClient()
    const listKey = jobKeys.list(query)
    client.setQueryData(listKey, page([12, 11, 10]))
    await client.invalidateQueries({ queryKey: jobKeys.lists() })
    applyRunUpdate(client, run({ id: 13 }))
    applyRunUpdate(client, run({ id: 12 }))
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true)
  })
})
