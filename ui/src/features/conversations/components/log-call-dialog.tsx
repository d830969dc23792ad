import { useId, useState, type FormEvent } from 'react'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { notifyApiError, requestRefusal } from '../../../lib/api-client'
import { zonedDateAndTime, zonedWallTimeToUtc } from '../../../lib/date-time'
import { CALL_OUTCOMES, useLogCall, type CallOutcome } from '../api/log-call'

export interface LogCallDialogProps {
  leadId: number
  onClose: () => void
}

interface CallForm {
  direction: 'OUTBOUND' | 'INBOUND'
  outcome: CallOutcome
  date: string
  time: string
  minutes: string
  seconds: string
  notes: string
}

function freshForm(): CallForm {
  const { date, time } = zonedDateAndTime(new Date().toISOString())
  return { direction: 'OUTBOUND', outcome: 'ANSWERED', date, time: time.slice(0, 5), minutes: '', seconds: '', notes: '' }
}


/**
 * Log a phone call with the customer (users with calling on, spec H-R15): which
 * way, how it ended (a voicemail is its own card), when, how long, and notes.
 * The server checks it all; its problems show in the dialog. Shown while
 * mounted: each opening starts from a fresh form (now, outgoing, answered).
 */
export function LogCallDialog({ leadId, onClose }: LogCallDialogProps) {
  const [form, setForm] = useState<CallForm>(freshForm)
  const [errors, setErrors] = useState<string[] | null>(null)
  const ref = useModalDialog(true)
  const ids = useId()
  const log = useLogCall()
  const busy = log.isPending
  const set = (change: Partial<CallForm>) => {
    setForm((current) => ({ ...current, ...change }))
    setErrors(null)
  }
  const close = () => {
    if (!busy) onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const startedAt = zonedWallTimeToUtc(form.date, form.time)
    const seconds = (Number(form.minutes || 0) || 0) * 60 + (Number(form.seconds || 0) || 0)
    if (!Number.isFinite(startedAt)) {
      setErrors(['Give the day and time the call started'])
      return
    }
    log.mutate(
      {
        leadId,
        body: {
          direction: form.direction,
          outcome: form.outcome,
          startTime: new Date(startedAt).toISOString(),
          durationSeconds: Math.round(seconds),
          notes: form.notes.trim() === '' ? undefined : form.notes,
        },
      },
      {
        onSuccess: onClose,
        onError: (failure) => {
          const refused = requestRefusal(failure)
          if (refused === null) notifyApiError(failure)
          setErrors(refused ?? ['The call could not be logged. Try again.'])
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
      data-testid="log-call-dialog"
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={id('title')} className="form-dialog__header">
          Log a call
        </h2>
        <div className="form-dialog__body">
          <div className="form-grid">
            <div className="field">
              <label htmlFor={id('direction')} className="field__label">
                Call
              </label>
              <select id={id('direction')} value={form.direction} disabled={busy} onChange={(e) => set({ direction: e.target.value as CallForm['direction'] })}>
                <option value="OUTBOUND">We called the customer</option>
                <option value="INBOUND">The customer called us</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor={id('outcome')} className="field__label">
                Outcome
              </label>
              <select id={id('outcome')} value={form.outcome} disabled={busy} onChange={(e) => set({ outcome: e.target.value as CallOutcome })}>
                {(Object.keys(CALL_OUTCOMES) as CallOutcome[]).map((outcome) => (
                  <option key={outcome} value={outcome}>
                    {CALL_OUTCOMES[outcome]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={id('date')} className="field__label">
                Day
              </label>
              <input id={id('date')} type="date" value={form.date} disabled={busy} onChange={(e) => set({ date: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={id('time')} className="field__label">
                Started at
              </label>
              <input id={id('time')} type="time" value={form.time} disabled={busy} onChange={(e) => set({ time: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={id('minutes')} className="field__label">
                Minutes
              </label>
              <input id={id('minutes')} inputMode="numeric" value={form.minutes} disabled={busy} onChange={(e) => set({ minutes: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={id('seconds')} className="field__label">
                Seconds
              </label>
              <input id={id('seconds')} inputMode="numeric" value={form.seconds} disabled={busy} onChange={(e) => set({ seconds: e.target.value })} />
            </div>
          </div>
          <div className="field">
            <label htmlFor={id('notes')} className="field__label">
              Notes
            </label>
            <textarea id={id('notes')} rows={3} value={form.notes} disabled={busy} onChange={(e) => set({ notes: e.target.value })} />
          </div>
          {errors ? (
            <div className="danger-box" role="alert" data-testid="log-call-error">
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
            {busy ? 'Saving…' : 'Log call'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
