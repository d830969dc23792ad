import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import type { JobRun } from '../../../components/job-runs/api/get-job-run'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { isActiveJobStatus, isRetryableJobStatus } from '../../../lib/job-status'
import { notify } from '../../../lib/notices'
import { useCancelJobRun } from '../api/cancel-job-run'
import { useRetryJobRun } from '../api/retry-job-run'

export interface JobRunActionsProps {
  run: JobRun
}

/** Cancel (queued or running runs) and Retry (failed or cancelled ones), each confirmed first. */
export function JobRunActions({ run }: JobRunActionsProps) {
  const [confirming, setConfirming] = useState<'cancel' | 'retry' | null>(null)
  const cancel = useCancelJobRun()
  const retry = useRetryJobRun()
  const busy = cancel.isPending || retry.isPending

  const canCancel = isActiveJobStatus(run.status)
  const canRetry = isRetryableJobStatus(run.status)
  const done = () => {
    setConfirming(null)
    notify({ message: UPDATED_NOTICE_TEXT })
  }

  return (
    <>
      {canCancel ? (
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy || run.cancelRequested}
          onClick={() => setConfirming('cancel')}
        >
          {run.cancelRequested ? 'Cancelling…' : 'Cancel run'}
        </button>
      ) : null}
      {canRetry ? (
        <button type="button" className="btn" disabled={busy} onClick={() => setConfirming('retry')}>
          Retry
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        header={confirming === 'retry' ? 'Retry run' : 'Cancel run'}
        message={
          confirming === 'retry'
            ? `Are you sure you want to run #${run.id} (${run.kind}) again from the start?`
            : `Are you sure you want to cancel run #${run.id} (${run.kind})?`
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
