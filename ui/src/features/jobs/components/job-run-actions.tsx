import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import type { JobRunSummary } from '../../../components/job-runs/api/get-job-runs'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { useCancelJobRun } from '../api/cancel-job-run'
import { useRetryJobRun } from '../api/retry-job-run'

export interface JobRunActionsProps {
  run: Pick<JobRunSummary, 'id' | 'kind' | 'label' | 'actions' | 'cancelRequested'>
  /** Small buttons, for a row of the runs table. */
  compact?: boolean
}

/**
 * Cancel and Retry, as the server offers them for the run (`actions`), each
 * confirmed first.
 */
export function JobRunActions({ run, compact = false }: JobRunActionsProps) {
  const [confirming, setConfirming] = useState<'cancel' | 'retry' | null>(null)
  const cancel = useCancelJobRun()
  const retry = useRetryJobRun()
  const busy = cancel.isPending || retry.isPending

  const canCancel = run.actions.includes('cancel')
  const canRetry = run.actions.includes('retry')
  const size = compact ? ' btn--small' : ''
  const done = () => {
    setConfirming(null)
    notify({ message: UPDATED_NOTICE_TEXT })
  }

  return (
    <>
      {canCancel ? (
        <button
          type="button"
          className={`btn btn--danger${size}`}
          aria-label={compact ? `Cancel run ${run.id}` : undefined}
          disabled={busy}
          onClick={() => setConfirming('cancel')}
        >
          {compact ? 'Cancel' : 'Cancel run'}
        </button>
      ) : null}
      {run.cancelRequested && !compact ? (
        <button type="button" className="btn btn--danger" disabled>
          Cancelling…
        </button>
      ) : null}
      {canRetry ? (
        <button
          type="button"
          className={`btn${size}`}
          aria-label={compact ? `Retry run ${run.id}` : undefined}
          disabled={busy}
          onClick={() => setConfirming('retry')}
        >
          Retry
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        header={confirming === 'retry' ? 'Retry run' : 'Cancel run'}
        message={
          confirming === 'retry'
            ? `Are you sure you want to run #${run.id} (${run.label}) again from the start?`
            : `Are you sure you want to cancel run #${run.id} (${run.label})?`
        }
        confirmText="Yes"
        cancelText="No"
        loading={busy}
        onConfirm={() => {
          const action = confirming === 'retry' ? retry : cancel
          action.mutate(run.id, { onSuccess: done, onError: () => setConfirming(null) })
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  )
}

/**
 * A runs-table row's Cancel and Retry, as the table's cell. One component for every version of
 * the columns: the columns are made again each second while a run runs (its duration), and a
 * cell renderer made with them would be a new component each time, closing an open
 * confirmation within the second.
 */
export function JobRunActionsCell({ row }: { row: { original: JobRunActionsProps['run'] } }) {
  return (
    // The row opens the run; its buttons (and their confirmation) do not.
    <span className="row-actions" onClick={(event) => event.stopPropagation()}>
      <JobRunActions run={row.original} compact />
    </span>
  )
}

