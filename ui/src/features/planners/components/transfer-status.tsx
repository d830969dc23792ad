import { useEffect, useRef } from 'react'
import { useJobRun, type JobRun } from '../../../components/job-runs/api/get-job-run'
import { useLiveJobRun } from '../../../components/job-runs/api/job-events'
import { JobProgress } from '../../../components/job-runs/job-progress'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { isFinishedJobStatus } from '../../../lib/job-status'
import { useStreamDown } from '../../../lib/realtime'
import { excludedSummary, transferOutcome } from '../planner-format'

/** A transfer the screen started: its run and what was asked. */
export interface PlannerTransfer {
  /** The run as the transfer call answered it (queued, usually). */
  started: JobRun
  /** The planner, store and window, for people. */
  description: string
}

export interface TransferStatusProps {
  transfer: PlannerTransfer
  /** Called once when the run is over (succeeded, failed or cancelled). */
  onFinished: (run: JobRun) => void
  onDismiss: () => void
}

/**
 * A transfer run followed live (the realtime stream; polling while it is
 * down): the jobs' progress bar, then the result — 'Successfully Transfered'
 * with what was created and left out, 'No Records.', or the run's error.
 */
export function TransferStatus({ transfer, onFinished, onDismiss }: TransferStatusProps) {
  const runId = transfer.started.id
  const streamDown = useStreamDown()
  const detail = useJobRun(runId, { poll: streamDown })
  useLiveJobRun(runId)
  const run = detail.data?.run ?? transfer.started
  const finished = isFinishedJobStatus(run.status)

  const reported = useRef<number | null>(null)
  useEffect(() => {
    if (!finished || reported.current === run.id) return
    reported.current = run.id
    onFinished(run)
  }, [finished, run, onFinished])

  return (
    <section className="panel planner-transfer" aria-labelledby={`transfer-${runId}-title`} data-testid="planner-transfer">
      <header className="panel__header">
        <h2 id={`transfer-${runId}-title`}>Transfer</h2>
        <div className="page__actions">
          <JobRunLink runId={runId} status={run.status} />
          {finished ? (
            <button type="button" className="btn btn--small" onClick={onDismiss}>
              Dismiss
            </button>
          ) : null}
        </div>
      </header>
      <div className="planner-transfer__body">
        <p className="planner-transfer__what">{transfer.description}</p>
        <JobProgress run={run} label="Transfer progress" size="large" />
        <div role="status" className="planner-transfer__result">
          <TransferResult run={run} />
        </div>
      </div>
    </section>
  )
}

function TransferResult({ run }: { run: JobRun }) {
  if (run.status === 'queued') return <p className="panel__meta">Waiting for the job queue…</p>
  if (run.status === 'running') return <p className="panel__meta">Judging vehicles and creating leads…</p>
  if (run.status === 'failed') {
    return (
      <div className="danger-box" data-testid="transfer-result">
        <strong>The transfer failed</strong>
        {run.error ? <span>{run.error}</span> : null}
      </div>
    )
  }
  if (run.status === 'cancelled') {
    return (
      <div className="warning-box" data-testid="transfer-result">
        <strong>The transfer was cancelled</strong>
      </div>
    )
  }
  const outcome = transferOutcome(run.result)
  if (!outcome) return null
  const leftOut = excludedSummary(outcome.excluded)
  if (outcome.noRecords) {
    return (
      <div className="warning-box" data-testid="transfer-result">
        <strong>{outcome.message}</strong>
        <span>
          Nobody is due in this window{leftOut ? ` (left out — ${leftOut})` : ''}.
        </span>
      </div>
    )
  }
  return (
    <div className="success-box" data-testid="transfer-result">
      <strong>{outcome.message}</strong>
      <span>
        {outcome.created} {outcome.created === 1 ? 'lead' : 'leads'} created
        {outcome.replaced > 0 ? ` (${outcome.replaced} replaced)` : ''}, {outcome.skipped} skipped
        {leftOut ? ` (${leftOut})` : ''}.
      </span>
    </div>
  )
}
