import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { notifyApiError } from '../../../lib/api-client'
import { useRejectReasons } from '../api/get-reject-reasons'
import { useReviewImportedRow } from '../api/review-imported-row'
import type { ImportedRow } from '../api/search-imported-rows'
import { customerName, refusalText } from '../import-review'

export interface RejectRowDialogProps {
  /** The row to reject; null: the dialog is closed. */
  row: ImportedRow | null
  reportId: number
  onClose: () => void
}

/**
 * Reject a row, with a reason (required: Reject stays disabled until one is
 * chosen) from the server's list. A refusal's reason shows in the dialog; on
 * success the dialog closes and the row changes in place.
 */
export function RejectRowDialog({ row, reportId, onClose }: RejectRowDialogProps) {
  const open = row !== null
  // Where focus was when the dialog opened (the row's Reject), to go back there when it closes:
  // the browser's own return is skipped when focus left the dialog (its Reject button is disabled while it works).
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [open])
  const ref = useModalDialog(open)
  const ids = useId()
  const reasons = useRejectReasons({ enabled: open })
  const review = useReviewImportedRow()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)

  // Another row: start again.
  const [shownRowId, setShownRowId] = useState(row?.id)
  if (row && row.id !== shownRowId) {
    setShownRowId(row.id)
    setReason('')
    setError(null)
  }

  const busy = review.isPending
  const close = () => {
    if (busy) return
    setReason('')
    setError(null)
    review.reset()
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!row || !reason || busy) return
    setError(null)
    review.mutate(
      { reportId, rowId: row.id, decision: 'REJECTED', reasonKey: reason },
      {
        onSuccess: () => {
          setReason('')
          review.reset()
          onClose()
        },
        onError: (failure) => {
          const text = refusalText(failure)
          if (text === null) notifyApiError(failure)
          setError(text ?? 'The row could not be rejected. Try again.')
        },
      },
    )
  }

  const who = row ? [row.lineNumber === undefined ? '' : `Line ${row.lineNumber}`, row.vin, customerName(row)].filter(Boolean).join(' · ') : ''
  const reasonsFailed = reasons.isError && !reasons.data

  return (
    <dialog
      ref={ref}
      className="form-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-what`}
      data-testid="reject-row-dialog"
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      onClose={() => {
        const back = opener.current
        opener.current = null
        const active = document.activeElement
        if (back?.isConnected && (active === null || active === document.body || ref.current?.contains(active))) back.focus()
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${ids}-title`} className="form-dialog__header">
          Reject row
        </h2>
        <div className="form-dialog__body">
          <p id={`${ids}-what`} className="reject-row__what">
            {who}
            <span className="field__hint">The lead the file made of this row is archived while nobody has texted it.</span>
          </p>
          <label className="field">
            <span className="field__label">Reason (required)</span>
            <select
              value={reason}
              required
              aria-required="true"
              disabled={busy || !reasons.data}
              aria-describedby={reasonsFailed ? `${ids}-reasons-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value)
                setError(null)
              }}
            >
              <option value="">{reasons.isPending ? 'Loading the reasons…' : 'Choose a reason'}</option>
              {(reasons.data ?? []).map((r) => (
                <option key={r.key} value={r.key}>
                  {r.message}
                </option>
              ))}
            </select>
            {reasonsFailed ? (
              <span id={`${ids}-reasons-error`} className="field__error">
                The reasons could not be loaded.{' '}
                <button type="button" className="btn btn--small" onClick={() => void reasons.refetch()}>
                  Try again
                </button>
              </span>
            ) : null}
          </label>
          {error ? (
            <p className="danger-box" role="alert" data-testid="reject-row-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="form-dialog__actions">
          <button type="button" className="btn" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger" disabled={busy || !reason}>
            {busy ? 'Rejecting…' : 'Reject'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
