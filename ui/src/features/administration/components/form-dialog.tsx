import { useId, type FormEvent, type ReactNode } from 'react'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'

export interface AdminFormDialogProps {
  open: boolean
  title: string
  /** Text of the submit button, and while sending. */
  submitText: string
  busyText?: string
  busy: boolean
  onSubmit: () => void
  onClose: () => void
  /** `form-dialog--wide` for the store form. */
  className?: string
  /** Buttons at the left of the footer (e.g. a user's Block, Send password link). */
  extraActions?: ReactNode
  children: ReactNode
}

/**
 * A form in a modal dialog: title, fields, Cancel and submit. The form's
 * fields are mounted only while it is open, so each opening starts afresh;
 * Escape closes it unless a save is running.
 */
export function AdminFormDialog({ open, title, submitText, busyText = 'Saving…', busy, onSubmit, onClose, className, extraActions, children }: AdminFormDialogProps) {
  const ref = useModalDialog(open)
  const titleId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) onSubmit()
  }
  return (
    <dialog
      ref={ref}
      className={className ? `form-dialog ${className}` : 'form-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onClose()
      }}
    >
      {open ? (
        <form onSubmit={submit} noValidate aria-labelledby={titleId}>
          <h2 id={titleId} className="form-dialog__header">
            {title}
          </h2>
          <div className="form-dialog__body">{children}</div>
          <div className="form-dialog__actions">
            {extraActions ? <div className="form-dialog__extra">{extraActions}</div> : null}
            <button type="button" className="btn" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? busyText : submitText}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  )
}
