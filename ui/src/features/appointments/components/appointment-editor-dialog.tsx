import { useId, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { ApiError, notifyApiError } from '../../../lib/api-client'
import { notify } from '../../../lib/notices'
import { isoDate } from '../../../lib/search-params'
import { dayKey } from '../../../lib/date-time'
import { useAvailability } from '../api/get-availability'
import type { PickerCustomer } from '../api/get-picker-customers'
import { useBookAppointment, type AppointmentDraft, type BookedAppointment } from '../api/book-appointment'
import {
  advisorIdsOf,
  APPOINTMENT_TITLES,
  bookingOutcome,
  clockLabel,
  contactName,
  defaultAppointmentTitle,
  minutesOfDay,
  TRANSPORT_TYPES,
} from '../appointment-model'
import { CustomerPicker } from './customer-picker'
import { TimeSlotPicker } from './time-slot-picker'
import { DateInput } from '../../../components/date-input/date-input'

/** The lead an appointment is for. */
export interface AppointmentLead {
  id: number
  /** Shown read-only. */
  customerName: string
  /** SERVICE or SALES: picks the default title. */
  leadType?: string
  serviceType?: string
}

/** The appointment being moved, and what the form starts from. */
export interface AppointmentToMove {
  id: number
  /** The store's local day (YYYY-MM-DD) and time (`9:30 AM`) it is at now. */
  date?: string
  time?: string
  advisorId?: number
  title?: string
  opCode?: string
  transportType?: string
  notes?: string
  /** Its customer, shown when no lead is given. */
  customerName?: string
}

export interface AppointmentEditorDialogProps {
  open: boolean
  /** The store the appointment is in. */
  storeId: number
  /** The store's enterprise (the customer picker's). */
  enterpriseId?: number
  /** The store's time zone (IANA): its today. The browser's when unknown. */
  timeZone?: string
  /** The lead it is for: its customer is shown read-only. None: a customer is picked from the store's. */
  lead?: AppointmentLead
  /** The appointment to move: the button reads 'Schedule'. None: a new one, 'Save'. */
  appointment?: AppointmentToMove
  /** Optional: how long typing pauses before the customer picker searches. */
  searchDelayMs?: number
  onClose: () => void
  /** After a booking, before the editor closes. */
  onBooked?: (appointment: BookedAppointment) => void
}

/**
 * The appointment editor (B-S1): a modal with the customer (read-only: the
 * lead's, or picked from the store's customers), the title (B-E4), a date and
 * a 12-hour time picker over the store's free quarter hours, an optional
 * advisor, the transport type, op code and notes. 'Save' books a new
 * appointment, 'Schedule' moves the one given (B-R1); 'Cancel' closes.
 * Booked: the server's text as a notice, success or (text starting with
 * 'Unfortunately') warning (B-R5). Refused (a full slot, a closed or past
 * time): the server's message stays in the editor as a warning.
 */
export function AppointmentEditorDialog({ open, onClose, ...rest }: AppointmentEditorDialogProps) {
  const ref = useModalDialog(open)
  const titleId = useId()
  return createPortal(
    <dialog
      ref={ref}
      className="form-dialog appointment-editor"
      aria-labelledby={titleId}
      data-testid="appointment-editor"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {/* Mounted while open: every opening starts afresh. */}
      {open ? <AppointmentEditorForm {...rest} titleId={titleId} onClose={onClose} /> : null}
    </dialog>,
    document.body,
  )
}

/** The server's words for a refused booking: every `errors` entry, else its message. */
function refusalTexts(error: ApiError): string[] {
  const errors = (error.body?.errors ?? []).filter((e) => e !== '')
  return errors.length > 0 ? errors : [error.body?.message || error.message]
}

/** `9:30 AM` of a time written either way; '' when unreadable. */
function normalTime(text: string | undefined): string {
  const minutes = minutesOfDay(text ?? '')
  return Number.isFinite(minutes) ? clockLabel(minutes) : ''
}

function AppointmentEditorForm({
  storeId,
  enterpriseId,
  timeZone,
  lead,
  appointment,
  searchDelayMs,
  titleId,
  onClose,
  onBooked,
}: Omit<AppointmentEditorDialogProps, 'open'> & { titleId: string }) {
  const ids = useId()
  const book = useBookAppointment()
  const busy = book.isPending
  const moving = appointment !== undefined
  const [today] = useState(() => dayKey(Date.now(), timeZone))

  const [title, setTitle] = useState(() => appointment?.title || defaultAppointmentTitle(lead))
  const [date, setDate] = useState(() => (appointment?.date && appointment.date >= today ? appointment.date : today))
  const [time, setTime] = useState(() => (appointment?.date && appointment.date >= today ? normalTime(appointment.time) : ''))
  const [advisorId, setAdvisorId] = useState<number | undefined>(appointment?.advisorId ?? undefined)
  const [transportType, setTransportType] = useState(appointment?.transportType ?? '')
  const [opCode, setOpCode] = useState(appointment?.opCode ?? '')
  const [notes, setNotes] = useState(appointment?.notes ?? '')
  const [customer, setCustomer] = useState<PickerCustomer | null>(null)
  const [missing, setMissing] = useState<string[]>([])
  const [refusal, setRefusal] = useState<string[]>([])

  const validDate = isoDate(date) !== undefined
  const availability = useAvailability({ storeId, startDate: date, days: 1 }, validDate)
  const day = validDate ? (availability.data?.days.find((d) => d.date === date) ?? availability.data?.days[0]) : undefined
  const slots = day?.slots ?? []
  const advisors = advisorIdsOf(slots)
  // The names staff see everywhere, as the server gives them.
  const advisorNames = new Map((availability.data?.advisors ?? []).map((a) => [a.id, a.name]))
  if (advisorId !== undefined && !advisors.includes(advisorId)) advisors.push(advisorId)
  const slotAtTime = time === '' ? undefined : slots.find((s) => minutesOfDay(s.time) === minutesOfDay(time))

  /** Who the appointment is for, read-only. */
  const customerName = lead?.customerName ?? appointment?.customerName ?? (customer ? contactName(customer) : '')
  const picksCustomer = !lead && !moving

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const problems: string[] = []
    if (picksCustomer && !customer) problems.push('Pick a customer.')
    if (!validDate) problems.push('Pick a date.')
    if (time === '') problems.push('Pick a free time.')
    setMissing(problems)
    setRefusal([])
    if (problems.length > 0) return

    const draft: AppointmentDraft = {
      apptId: appointment?.id,
      futureServiceInteractionId: lead?.id,
      customerId: picksCustomer ? customer?.contactId : undefined,
      storeId,
      inpDate: date,
      inpTime: time,
      advisorId,
      title,
      opCode: opCode.trim() || undefined,
      transportType: transportType || undefined,
      notes: notes.trim() || undefined,
    }
    book.mutate(draft, {
      onSuccess: (answer) => {
        const outcome = bookingOutcome(answer)
        if (outcome.kind === 'failed') {
          setRefusal([outcome.text])
          return
        }
        notify({ type: outcome.kind, message: outcome.text })
        onBooked?.(answer.appointment)
        onClose()
      },
      onError: (error) => {
        // A full slot (409), a closed or past time (400), a lead or customer not found (404): the editor says so and stays open.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
          setRefusal(refusalTexts(error))
          return
        }
        notifyApiError(error)
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id={titleId} className="form-dialog__header">
        {moving ? 'Move appointment' : 'New appointment'}
      </h2>
      <div className="form-dialog__body appointment-editor__body">
        <div className="field">
          <label htmlFor={`${ids}-customer`} className="field__label">
            Customer
          </label>
          <input
            id={`${ids}-customer`}
            type="text"
            value={customerName}
            readOnly
            placeholder={picksCustomer ? 'Pick a customer below' : undefined}
            data-testid="appointment-customer"
          />
          {picksCustomer ? (
            <CustomerPicker
              storeId={storeId}
              enterpriseId={enterpriseId}
              selectedId={customer?.contactId}
              disabled={busy}
              delayMs={searchDelayMs}
              onPick={(picked) => {
                setCustomer(picked)
                setMissing([])
              }}
            />
          ) : null}
        </div>

        <div className="field">
          <label htmlFor={`${ids}-title`} className="field__label">
            Title
          </label>
          <select id={`${ids}-title`} value={title} disabled={busy} onChange={(event) => setTitle(event.target.value)}>
            {APPOINTMENT_TITLES.includes(title) ? null : <option value={title}>{title}</option>}
            {APPOINTMENT_TITLES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>

        <div className="appointment-editor__row">
          <div className="field">
            <label htmlFor={`${ids}-date`} className="field__label">
              Date
            </label>
            <DateInput
              id={`${ids}-date`}
              name="appointment day"
              value={date}
              min={today}
              disabled={busy}
              onChange={(day) => {
                setDate(day)
                setTime('')
                setRefusal([])
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-time`} className="field__label">
              Time
            </label>
            <TimeSlotPicker
              id={`${ids}-time`}
              value={time}
              day={day}
              advisorId={advisorId}
              isPending={validDate && availability.isPending}
              error={availability.error}
              noDate={!validDate}
              disabled={busy || !validDate}
              onChange={(next) => {
                setTime(next)
                setRefusal([])
              }}
            />
          </div>
        </div>

        <div className="appointment-editor__row">
          <div className="field">
            <label htmlFor={`${ids}-advisor`} className="field__label">
              Advisor (optional)
            </label>
            <select
              id={`${ids}-advisor`}
              value={advisorId ?? ''}
              disabled={busy}
              onChange={(event) => {
                const next = event.target.value === '' ? undefined : Number(event.target.value)
                setAdvisorId(next)
                // The time picked stays only if the advisor is free then.
                if (next !== undefined && slotAtTime && !slotAtTime.advisorIds.includes(next)) setTime('')
              }}
            >
              <option value="">Any advisor</option>
              {advisors.map((id) => (
                <option key={id} value={id}>
                  {advisorNames.get(id) ?? `#${id}`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-transport`} className="field__label">
              Transport
            </label>
            <select id={`${ids}-transport`} value={transportType} disabled={busy} onChange={(event) => setTransportType(event.target.value)}>
              <option value="">Not set</option>
              {transportType && !TRANSPORT_TYPES.some((t) => t.value === transportType) ? (
                <option value={transportType}>{transportType}</option>
              ) : null}
              {TRANSPORT_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-op-code`} className="field__label">
              Op code (optional)
            </label>
            <input
              id={`${ids}-op-code`}
              type="text"
              value={opCode}
              maxLength={200}
              disabled={busy}
              autoComplete="off"
              onChange={(event) => setOpCode(event.target.value)}
            />
          </div>
        </div>

        <div className="field">
          <label htmlFor={`${ids}-notes`} className="field__label">
            Notes (optional)
          </label>
          <textarea
            id={`${ids}-notes`}
            className="appointment-editor__notes"
            value={notes}
            maxLength={10_000}
            disabled={busy}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>

        {missing.length > 0 ? (
          <ul className="danger-box appointment-editor__messages" role="alert" aria-label="Missing">
            {missing.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : null}
        {refusal.length > 0 ? (
          <ul className="warning-box appointment-editor__messages" role="alert" aria-label="Not booked" data-testid="appointment-refusal">
            {refusal.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="form-dialog__actions">
        <button type="button" className="btn" disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
          {moving ? 'Schedule' : 'Save'}
        </button>
      </div>
    </form>
  )
}
