import { useEffect, useRef } from 'react'
import { useJobRun, type JobRun } from '../../../components/job-runs/api/get-job-run'
import { useLiveJobRun } from '../../../components/job-runs/api/job-events'
import { JobProgress } from '../../../components/job-runs/job-progress'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { isFinishedJobStatus } from '../../../lib/job-status'
import { useStreamDown } from '../../../lib/realtime'
import { SYNCED_TEXT, syncOutcome, syncSummary } from '../data-sources'

export interface SyncRunStatusProps {
  /** The `imports.sync` run as "Sync now" answered it (queued, usually). */
  started: JobRun
  sourceName: string
  /** Called once when the run is over (succeeded, failed or cancelled). */
  onFinished: (run: JobRun) => void
  onDismiss: () => void
}

/**
 * "Sync now" followed live, as the planners follow a transfer (the realtime
 * stream; polling every 2 s while it is down): the jobs' progress bar (bytes
 * of the delivered files imported), then what the sync imported, or its error.
 */
export function SyncRunStatus({ started, sourceName, onFinished, onDismiss }: SyncRunStatusProps) {
  const runId = started.id
  const streamDown = useStreamDown()
  const detail = useJobRun(runId, { poll: streamDown })
  useLiveJobRun(runId)
  const run = detail.data?.run ?? started
  const finished = isFinishedJobStatus(run.status)

  const reported = useRef<number | null>(null)
  useEffect(() => {
    if (!finished || reported.current === run.id) return
    reported.current = run.id
    onFinished(run)
  }, [finished, run, onFinished])

  const titleId = `sync-${runId}-title`
  return (
    <div className="review-match sync-run" data-testid="sync-run" role="group" aria-labelledby={titleId}>
      <div className="review-match__header">
        <h3 id={titleId}>Syncing {sourceName}</h3>
        <div className="page__actions">
          <JobRunLink runId={runId} status={run.status} />
          {finished ? (
            <button type="button" className="btn btn--small" onClick={onDismiss}>
              Dismiss
            </button>
          ) : null}
        </div>
      </div>
      <JobProgress run={run} label={`Sync progress of ${sourceName}`} />
      <div role="status" className="review-match__result">
        <SyncResult run={run} />
      </div>
    </div>
  )
}

function SyncResult({ run }: { run: JobRun }) {
  if (run.status === 'queued') return <p className="panel__meta">Waiting for the job queue…</p>
  if (run.status === 'running') return <p className="panel__meta">Importing the files the dealer system delivered…</p>
  if (run.status === 'failed') {
    return (
      <div className="danger-box" data-testid="sync-result">
        <strong>The sync failed</strong>
        {run.error ? <span>{run.error}</span> : null}
      </div>
    )
  }
  if (run.status === 'cancelled') {
    return (
      <div className="warning-box" data-testid="sync-result">
        <strong>The sync was cancelled</strong>
        <span>The files imported before it stopped stay.</span>
      </div>
    )
  }
  const outcome = syncOutcome(run.result)
  if (outcome && outcome.status !== 'COMPLETED') {
    return (
      <div className="warning-box" data-testid="sync-result">
        <strong>Synced with errors</strong>
        <span>{syncSummary(outcome)}</span>
        {outcome.message ? <span>{outcome.message}</span> : null}
      </div>
    )
  }
  return (
    <div className="success-box" data-testid="sync-result">
      <strong>{outcome?.message || SYNCED_TEXT}</strong>
      {outcome ? <span>{syncSummary(outcome)}</span> : null}
    </div>
  )
}
