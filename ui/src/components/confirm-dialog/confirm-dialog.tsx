import { useId } from 'react'
import { useModalDialog } from '../modal-dialog/use-modal-dialog'

export interface ConfirmDialogProps {
  open: boolean
  header: string
  message: string
  /** Text of the confirming button. */
  confirmText: string
  cancelText?: string
  /** Both buttons are disabled while the action runs. */
  loading?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Generic confirmation (spec section 2): header, question icon, message, two buttons. */
export function ConfirmDialog({
  open,
  header,
  message,
  confirmText,
  cancelText = 'Cancel',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useModalDialog(open)
  const headerId = useId()

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={headerId}
      onCancel={(event) => {
        event.preventDefault()
        if (!loading) onCancel()
      }}
    >
      <h2 id={headerId} className="confirm-dialog__header">
        {header}
      </h2>
      <div className="confirm-dialog__content">
        <span className="confirm-dialog__icon" aria-hidden="true">
          ?
        </span>
        <p>{message}</p>
      </div>
      <div className="confirm-dialog__actions">
        <button type="button" className="btn" disabled={loading} onClick={onCancel}>
          {cancelText}
        </button>
        <button type="button" className="btn btn--primary" disabled={loading} onClick={onConfirm}>
          {confirmText}
        </button>
      </div>
    </dialog>
  )
}
