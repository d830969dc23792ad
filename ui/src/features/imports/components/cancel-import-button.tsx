import { useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { useCancelImport } from '../api/cancel-import'

export interface CancelImportButtonProps {
  report: { id: number; fileName: string; jobRunId?: number }
}

/** Cancel a queued or loading file, confirmed first: it stops after the current batch. */
export function CancelImportButton({ report }: CancelImportButtonProps) {
  const [confirming, setConfirming] = useState(false)
  const cancel = useCancelImport()
  const { jobRunId } = report
  if (jobRunId === undefined) return null
  return (
    <>
      <button
        type="button"
        className="btn btn--small btn--danger"
        disabled={cancel.isPending || cancel.isSuccess}
        onClick={() => setConfirming(true)}
      >
        {cancel.isPending || cancel.isSuccess ? 'Cancelling…' : 'Cancel load'}
      </button>
      <ConfirmDialog
        open={confirming}
        header="Cancel load"
        message={`Stop loading ${report.fileName}? It stops after the current batch; the rows written so far stay.`}
        confirmText="Yes"
        cancelText="No"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate({ reportId: report.id, jobRunId }, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  )
}
