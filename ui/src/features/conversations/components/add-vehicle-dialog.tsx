import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { notifyApiError, requestRefusal } from '../../../lib/api-client'
import { useAddInboundVehicle } from '../api/add-inbound-vehicle'
import { EMPTY_VEHICLE_FORM, vehicleBody, vehicleFormProblems, type VehicleForm } from './vehicle-form'


export interface AddVehicleDialogProps {
  open: boolean
  leadId: number
  onClose: () => void
}

/**
 * Record the vehicle of a lead that has none (a web form's, say): its VIN,
 * and for a vehicle the store does not know yet its make, model and year; the
 * odometer if known. The VIN is checked before anything is sent; the server's
 * problems show in the dialog. On success the dialog closes (the notice says
 * whether the vehicle was added or an existing one linked).
 */
export function AddVehicleDialog({ open, leadId, onClose }: AddVehicleDialogProps) {
  // Where focus was when the dialog opened, to go back there when it closes.
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [open])
  const ref = useModalDialog(open)
  const ids = useId()
  const add = useAddInboundVehicle()
  const [form, setForm] = useState<VehicleForm>(EMPTY_VEHICLE_FORM)
  const [checked, setChecked] = useState(false)
  const [serverErrors, setServerErrors] = useState<string[] | null>(null)

  const busy = add.isPending
  const problems = checked ? vehicleFormProblems(form) : {}

  const reset = () => {
    setForm(EMPTY_VEHICLE_FORM)
    setChecked(false)
    setServerErrors(null)
    add.reset()
  }
  const close = () => {
    if (busy) return
    reset()
    onClose()
  }

  const change = (field: keyof VehicleForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }))
    setServerErrors(null)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setChecked(true)
    setServerErrors(null)
    if (Object.keys(vehicleFormProblems(form)).length > 0) return
    add.mutate(vehicleBody(leadId, form), {
      onSuccess: () => {
        reset()
        onClose()
      },
      onError: (failure) => {
        const errors = requestRefusal(failure)
        if (errors === null) notifyApiError(failure)
        setServerErrors(errors ?? ['The vehicle could not be saved. Try again.'])
      },
    })
  }

  const field = (name: keyof VehicleForm, label: string, extra: { hint?: string; numeric?: boolean; required?: boolean } = {}) => {
    const problem = name === 'vin' || name === 'year' || name === 'odometer' ? problems[name] : undefined
    const id = `${ids}-${name}`
    const noteId = problem || extra.hint ? `${id}-note` : undefined
    return (
      <div className="field">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="text"
          inputMode={extra.numeric ? 'numeric' : undefined}
          value={form[name]}
          disabled={busy}
          autoComplete="off"
          required={extra.required}
          aria-required={extra.required ? 'true' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={noteId}
          onChange={(event) => change(name, event.target.value)}
        />
        {noteId ? (
          <span id={noteId} className={problem ? 'field__error' : 'field__hint'}>
            {problem ?? extra.hint}
          </span>
        ) : null}
      </div>
    )
  }

  return (
    <dialog
      ref={ref}
      className="form-dialog"
      aria-labelledby={`${ids}-title`}
      data-testid="add-vehicle-dialog"
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
          Add vehicle
        </h2>
        <div className="form-dialog__body">
          <p className="field__hint">A vehicle the store already knows needs only its VIN; a new one needs its make, model and year too.</p>
          {field('vin', 'VIN (required)', { required: true, hint: '17 letters and digits.' })}
          <div className="form-grid">
            {field('make', 'Make')}
            {field('model', 'Model')}
            {field('year', 'Year', { numeric: true })}
            {field('odometer', 'Odometer', { numeric: true })}
          </div>
          {serverErrors ? (
            <div className="danger-box" role="alert" data-testid="add-vehicle-error">
              {serverErrors.length === 1 ? (
                serverErrors[0]
              ) : (
                <ul>
                  {serverErrors.map((e) => (
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
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
