/**
 * Job runs from the realtime stream (`event: job`, `data: {"type":"job.updated","run":…}`)
 * kept in the query cache, with debounced refetches of what an update may have changed.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { JOB_EVENT_DEBOUNCE_MS, JOB_EVENT_MAX_WAIT_MS } from '../../../lib/config'
import { createDebouncer } from '../../../lib/debounce'
import { realtime, subscribeParsed, type RealtimeClient, type RealtimeEvent } from '../../../lib/realtime'
import type { JobRun } from './get-job-run'
import type { JobRunPage, JobRunQuery } from './get-job-runs'
import { applyRunUpdate, couldBelongOnPage, matchesRunFilters } from './job-run-cache'
import { jobKeys } from './job-keys'

/** The run of a `job.updated` event, or null for anything else. */
export function parseJobEvent(event: RealtimeEvent): JobRun | null {
  if (event.event !== 'job' || !event.data || typeof event.data !== 'object') return null
  const { type, run } = event.data as { type?: unknown; run?: unknown }
  if (type !== 'job.updated' || !run || typeof run !== 'object') return null
  const candidate = run as Partial<JobRun>
  const valid =
    typeof candidate.id === 'number' &&
    typeof candidate.kind === 'string' &&
    typeof candidate.status === 'string' &&
    typeof candidate.progress === 'number' &&
    typeof candidate.counts === 'object' &&
    candidate.counts !== null
  return valid ? (run as JobRun) : null
}

/**
 * Calls `onRun` for every run update, and `onResync` when the stream is back
 * after a break (updates may have been missed meanwhile). Returns the unsubscribe.
 */
export function subscribeJobRuns(
  onRun: (run: JobRun) => void,
  onResync: () => void,
  client: RealtimeClient = realtime,
): () => void {
  return subscribeParsed(parseJobEvent, onRun, onResync, client)
}

/**
 * The dashboard live: rows update in place; the page is fetched again only
 * when a run may have joined or left it; the stats after any update.
 */
export function useLiveJobRuns(query: JobRunQuery, page: JobRunPage | undefined): void {
  const queryClient = useQueryClient()
  const shown = useRef({ query, page })
  useEffect(() => {
    shown.current = { query, page }
  })
  useEffect(() => {
    const refetchList = createDebouncer(
      () => void queryClient.invalidateQueries({ queryKey: jobKeys.lists() }),
      JOB_EVENT_DEBOUNCE_MS,
      JOB_EVENT_MAX_WAIT_MS,
    )
    const refetchStats = createDebouncer(
      () => void queryClient.invalidateQueries({ queryKey: jobKeys.stats() }),
      JOB_EVENT_DEBOUNCE_MS,
      JOB_EVENT_MAX_WAIT_MS,
    )
    const unsubscribe = subscribeJobRuns(
      (run) => {
        applyRunUpdate(queryClient, run)
        const { query, page } = shown.current
        const onPage = page?.content.some((r) => r.id === run.id) ?? false
        const pageChanged = onPage ? !matchesRunFilters(run, query) : couldBelongOnPage(run, query, page)
        if (pageChanged) refetchList.schedule()
        refetchStats.schedule()
      },
      () => {
        refetchList.schedule()
        refetchStats.schedule()
      },
    )
    return () => {
      unsubscribe()
      refetchList.cancel()
      refetchStats.cancel()
    }
  }, [queryClient])
}

/** A run page live: the run updates in place; its detail (with the log) is fetched again after updates. */
export function useLiveJobRun(runId: number): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const refetchDetail = createDebouncer(
      () => void queryClient.invalidateQueries({ queryKey: jobKeys.detail(runId) }),
      JOB_EVENT_DEBOUNCE_MS,
      JOB_EVENT_MAX_WAIT_MS,
    )
    const unsubscribe = subscribeJobRuns(
      (run) => {
        applyRunUpdate(queryClient, run)
        if (run.id === runId) refetchDetail.schedule()
      },
      () => refetchDetail.schedule(),
    )
    return () => {
      unsubscribe()
      refetchDetail.cancel()
    }
  }, [queryClient, runId])
}
