import { useId, useState, type FormEvent } from 'react'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { notifyApiError, requestRefusal } from '../../../lib/api-client'
import { INBOUND_APPOINTMENTS, useRecordInboundAppointment, type InboundAppointment } from '../api/record-inbound-appointment'

export interface InboundAppointmentDialogProps {
  leadId: number
  /** Closed, whether something was recorded or not. */
  onClose: () => void
  /** After the server has recorded a value (before `onClose`). */
  onRecorded?: () => void
}

export const INBOUND_APPOINTMENT_TITLE = 'Inbound appointment'
const NOTHING_PICKED_TEXT = 'Pick what the assistant found'

/**
 * The inbound-appointment view (decision 0022): staff record what the assistant found about a
 * customer's appointment request, one of the server's nine values. The server picks the track
 * that goes with it and records it in the conversation; its refusal (the view off for the
 * caller, a bad value) shows in the dialog in its own words. Shown while mounted.
 */
export function InboundAppointmentDialog({ leadId, onClose, onRecorded }: InboundAppointmentDialogProps) {
  const [picked, setPicked] = useState<InboundAppointment | null>(null)
  const [errors, setErrors] = useState<string[] | null>(null)
  const ref = useModalDialog(true)
  const ids = useId()
  const record = useRecordInboundAppointment()
  const busy = record.isPending
  // The modal is shut before the caller hears of it: while it is open the rest of the page is
  // inert, and the caller gives focus back to its options button.
  const finish = () => {
    ref.current?.close()
    onClose()
  }
  const close = () => {
    if (!busy) finish()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (picked === null) {
      setErrors([NOTHING_PICKED_TEXT])
      return
    }
    record.mutate(
      { leadId, parameter: picked },
      {
        onSuccess: () => {
          onRecorded?.()
          finish()
        },
        onError: (failure) => {
          const refused = requestRefusal(failure)
          if (refused === null) notifyApiError(failure)
          setErrors(refused ?? ['It could not be recorded. Try again.'])
        },
      },
    )
  }

  const id = (name: string) => `${ids}-${name}`
  return (
    <dialog
      ref={ref}
      className="form-dialog"
      aria-labelledby={id('title')}
      data-testid="inbound-appointment-dialog"
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={id('title')} className="form-dialog__header">
          {INBOUND_APPOINTMENT_TITLE}
        </h2>
        <div className="form-dialog__body">
          <fieldset className="inbound-appointment" aria-describedby={errors ? id('errors') : undefined} disabled={busy}>
            <legend className="field__label">What the assistant found</legend>
            {(Object.keys(INBOUND_APPOINTMENTS) as InboundAppointment[]).map((value) => (
              <label key={value} className="inbound-appointment__choice">
                <input
                  type="radio"
                  name={id('value')}
                  value={value}
                  checked={picked === value}
                  aria-describedby={id(value)}
                  onChange={() => {
                    setPicked(value)
                    setErrors(null)
                  }}
                />
                <span className="inbound-appointment__text">
                  <span>{INBOUND_APPOINTMENTS[value]}</span>
                  {/* The server's code, as the conversation's note quotes it: a description, not the name. */}
                  <code id={id(value)} className="inbound-appointment__code" aria-hidden="true">
                    {value}
                  </code>
                </span>
              </label>
            ))}
          </fieldset>
          {errors ? (
            <div id={id('errors')} className="danger-box" role="alert" data-testid="inbound-appointment-error">
              {errors.length === 1 ? (
                errors[0]
              ) : (
                <ul>
                  {errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </div>
        <div className="form-dialog__actions">
          <button type="button" className="btn" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Record'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
