import { useEffect, useRef } from 'react'
import { useJobRun, type JobRun } from '../../../components/job-runs/api/get-job-run'
import { useLiveJobRun } from '../../../components/job-runs/api/job-events'
import { JobProgress } from '../../../components/job-runs/job-progress'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { isFinishedJobStatus } from '../../../lib/job-status'
import { useStreamDown } from '../../../lib/realtime'
import { enrichmentCounts, enrichmentSummary } from '../import-review'

export interface MatchRunStatusProps {
  /** The `imports.enrich` run as the call answered it (queued, usually). */
  started: JobRun
  /** Called once when the run is over (succeeded, failed or cancelled). */
  onFinished: (run: JobRun) => void
  onDismiss: () => void
}

/**
 * "Match again" followed live, as the planners follow a transfer (the realtime
 * stream; polling every 2 s while it is down): the jobs' progress bar (rows
 * examined), then what the run made of the rows, or its error.
 */
export function MatchRunStatus({ started, onFinished, onDismiss }: MatchRunStatusProps) {
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

  return (
    <div className="review-match" data-testid="match-run" aria-labelledby={`match-${runId}-title`} role="group">
      <div className="review-match__header">
        <h3 id={`match-${runId}-title`}>Matching again</h3>
        <div className="page__actions">
          <JobRunLink runId={runId} status={run.status} />
          {finished ? (
            <button type="button" className="btn btn--small" onClick={onDismiss}>
              Dismiss
            </button>
          ) : null}
        </div>
      </div>
      <JobProgress run={run} label="Matching progress" />
      <div role="status" className="review-match__result">
        <MatchResult run={run} />
      </div>
    </div>
  )
}

function MatchResult({ run }: { run: JobRun }) {
  if (run.status === 'queued') return <p className="panel__meta">Waiting for the job queue…</p>
  if (run.status === 'running') return <p className="panel__meta">Matching the rows without a customer who can be texted…</p>
  if (run.status === 'failed') {
    return (
      <div className="danger-box" data-testid="match-result">
        <strong>Matching again failed</strong>
        {run.error ? <span>{run.error}</span> : null}
      </div>
    )
  }
  if (run.status === 'cancelled') {
    return (
      <div className="warning-box" data-testid="match-result">
        <strong>Matching again was cancelled</strong>
        <span>The rows matched before it stopped keep what they got.</span>
      </div>
    )
  }
  const counts = enrichmentCounts(run.result)
  return (
    <div className="success-box" data-testid="match-result">
      <strong>Matched again</strong>
      {counts ? <span>{enrichmentSummary(counts)}</span> : null}
    </div>
  )
}
