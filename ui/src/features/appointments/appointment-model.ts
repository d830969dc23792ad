/**
 * The rules of service appointments as the screens need them
 * (docs/decisions/0008-appointments.md, spec checklist B): the titles, the
 * transport types, the status labels, the 12-hour quarter-hour
 * times of the time picker, the customer picker's match and how a booking's
 * answer is shown.
 */
import { formatPhone } from '../../lib/format-phone'
import type { Appointment } from './api/get-store-day-appointments'

// ---------- titles and transport ----------

/** The spec's appointment titles (B-E4), exactly as written. */
export const SPEC_APPOINTMENT_TITLES = [
  'Remote Appraisal Appointment',
  'Test Drive Appointment',
  'Trade Appraisal Appointment',
  'Financing Approval Appointment',
  'Buy-it Appointment',
  'Sell-it Appointment',
] as const

/** The server's default title, and the editor's for service leads. */
export const SERVICE_APPOINTMENT_TITLE = 'Service Appointment'

/** Every title the editor offers. */
export const APPOINTMENT_TITLES: readonly string[] = [SERVICE_APPOINTMENT_TITLE, ...SPEC_APPOINTMENT_TITLES]

/** A sales lead (its type, or a SALES_… service type); anything else is a service lead. */
export function isSalesLead(lead: { leadType?: string | null; serviceType?: string | null } | undefined): boolean {
  if (!lead) return false
  return (lead.leadType ?? '').toUpperCase() === 'SALES' || (lead.serviceType ?? '').toUpperCase().startsWith('SALES')
}

/** A new appointment's title: 'Service Appointment' unless the lead is a sales lead (then the spec list's first). */
export function defaultAppointmentTitle(lead?: { leadType?: string | null; serviceType?: string | null }): string {
  return isSalesLead(lead) ? SPEC_APPOINTMENT_TITLES[0] : SERVICE_APPOINTMENT_TITLE
}

export const TRANSPORT_TYPES = [
  { value: 'WAITER', label: 'Waiter' },
  { value: 'DROP_OFF', label: 'Drop-off' },
  { value: 'LOANER', label: 'Loaner' },
  { value: 'SHUTTLE', label: 'Shuttle' },
] as const

/** A transport type for people: its label, else the code as given; '' for none. */
export function transportLabel(code: string | null | undefined): string {
  if (!code) return ''
  return TRANSPORT_TYPES.find((t) => t.value === code.toUpperCase())?.label ?? code
}

// ---------- statuses ----------

/** The status set is the server's (the OpenAPI enum); so are the moves (`movesTo`). */
export type AppointmentStatus = Appointment['status']

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  SCHEDULED: 'Scheduled',
  CONFIRMED: 'Confirmed',
  CHECKED_IN: 'Checked in',
  IN_SERVICE: 'In service',
  COMPLETED: 'Completed',
  NO_SHOW: 'No-show',
  CANCELLED: 'Cancelled',
}

export function statusLabel(status: AppointmentStatus): string {
  return STATUS_LABELS[status]
}

/** An appointment's push to the dealer system (PENDING, PUSHED, NOT_CONNECTED, FAILED) for people. */
export function dmsLabel(status: string | null | undefined): string {
  switch ((status ?? '').toUpperCase()) {
    case '':
      return ''
    case 'PENDING':
      return 'DMS: sending'
    case 'PUSHED':
      return 'DMS: sent'
    case 'NOT_CONNECTED':
      return 'DMS: not connected'
    case 'FAILED':
      return 'DMS: failed'
    default:
      return `DMS: ${status}`
  }
}

/** Badge style of a status. */
export function statusTone(status: AppointmentStatus): 'info' | 'success' | 'warning' | 'danger' {
  switch (status) {
    case 'CONFIRMED':
    case 'CHECKED_IN':
    case 'IN_SERVICE':
    case 'COMPLETED':
      return 'success'
    case 'NO_SHOW':
      return 'warning'
    case 'CANCELLED':
      return 'danger'
    default:
      return 'info'
  }
}

// ---------- the waiting room ----------

/**
 * The customer is in the store now: checked in, the visit not completed. The server counts their
 * minutes (`inHouseMinutes`) up to the moment it answers, so the list is fetched again while any is.
 */
export function isInHouse(appointment: Pick<Appointment, 'checkedInAt' | 'checkedOutAt'>): boolean {
  return Boolean(appointment.checkedInAt) && !appointment.checkedOutAt
}

/** How often a day list with a customer in house is fetched again, so their minutes move. */
export const IN_HOUSE_REFRESH_MS = 60_000

/** A cancel asks first (the spec's wording of its other questions). */
export const CANCEL_APPOINTMENT_QUESTION = 'Are you sure want to cancel this appointment?'

// ---------- the lead's appointment ----------

/**
 * The appointment the editor moves for a lead ('Schedule'), or undefined for a
 * new one ('Save'). A lead keeps the id of its last appointment; it is still to
 * come while the flag is set and the lead has not reached show / no-show
 * (a check-in, completion or no-show moves the lead there; a cancel clears the id).
 */
export function leadAppointmentToMove(lead: {
  appointmentId?: number | null
  appointmentSet?: boolean | null
  stage?: string | null
}): number | undefined {
  if (!lead.appointmentSet || lead.appointmentId === undefined || lead.appointmentId === null) return undefined
  return lead.stage === 'SHOW_OR_NO_SHOW' ? undefined : lead.appointmentId
}

// ---------- times ----------

/** Appointments start on quarter hours (B-R4). */
export const SLOT_MINUTES = 15

/** Minutes after midnight of `h:mm a` (`9:30 AM`) or `HH:mm`; NaN when unreadable. */
export function minutesOfDay(text: string): number {
  const twelve = /^\s*(\d{1,2}):(\d{2})\s*([AaPp])\.?\s*[Mm]\.?\s*$/.exec(text)
  if (twelve) {
    const hour = Number(twelve[1])
    const minute = Number(twelve[2])
    if (hour < 1 || hour > 12 || minute > 59) return NaN
    const pm = twelve[3]!.toUpperCase() === 'P'
    return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute
  }
  const day = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*$/.exec(text)
  if (day) {
    const hour = Number(day[1])
    const minute = Number(day[2])
    return hour < 24 && minute < 60 ? hour * 60 + minute : NaN
  }
  return NaN
}

/** The spec's `h:mm a` of minutes after midnight: `9:30 AM`, `12:15 PM`. */
export function clockLabel(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24
  const minute = minutes % 60
  const h12 = hour % 12 === 0 ? 12 : hour % 12
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}

/** A free quarter hour as the availability call answers it. */
export interface SlotLike {
  /** The store's local time, `h:mm a`. */
  time: string
  /** How many more appointments fit. */
  free: number
  /** The advisors free then (0: the desk of a store without advisors). */
  advisorIds: readonly number[]
}

/** One choice of the time picker. */
export interface TimeOption {
  /** What is sent as `inpTime`: `9:30 AM`. */
  value: string
  /** `9:30 AM · 3 free` or `9:45 AM · full`. */
  label: string
  /** Appointments that still fit (for the advisor picked, at most 1). */
  free: number
  disabled: boolean
}

/**
 * The time picker's choices for a day: its quarter hours in the store's hours
 * (12-hour clock, in order), each with how many appointments still fit; a full
 * one, or one the advisor picked is not free at, is disabled.
 */
export function timeOptions(slots: readonly SlotLike[], advisorId?: number): TimeOption[] {
  return slots
    .map((slot) => ({ slot, minutes: minutesOfDay(slot.time) }))
    .filter(({ minutes }) => Number.isFinite(minutes) && minutes % SLOT_MINUTES === 0)
    .sort((a, b) => a.minutes - b.minutes)
    .map(({ slot, minutes }) => {
      const value = clockLabel(minutes)
      const free =
        advisorId === undefined ? Math.max(0, slot.free) : slot.free > 0 && slot.advisorIds.includes(advisorId) ? 1 : 0
      return { value, label: free > 0 ? `${value} · ${free} free` : `${value} · full`, free, disabled: free === 0 }
    })
}

/** The advisors free at some time of the day, in order (0, a store's desk, is no advisor). */
export function advisorIdsOf(slots: readonly SlotLike[]): number[] {
  const ids = new Set<number>()
  for (const slot of slots) for (const id of slot.advisorIds) if (id > 0) ids.add(id)
  return [...ids].sort((a, b) => a - b)
}

/** `YYYY-MM-DD` `days` after `key`. */
export function addDays(key: string, days: number): string {
  const t = Date.parse(`${key}T00:00:00Z`)
  return Number.isFinite(t) ? new Date(t + days * 86_400_000).toISOString().slice(0, 10) : key
}

// ---------- the customer picker ----------

export interface ContactLike {
  contactId: number
  firstName: string
  lastName: string
  email?: string | null
  cellular?: string | null
}

export function contactName(contact: Pick<ContactLike, 'contactId' | 'firstName' | 'lastName'>): string {
  return [contact.firstName, contact.lastName].map((p) => p.trim()).filter(Boolean).join(' ') || `Customer #${contact.contactId}`
}

/** The number a picker row shows: the customer's phone, else their id. */
export function contactNumber(contact: Pick<ContactLike, 'contactId' | 'cellular'>): string {
  return formatPhone(contact.cellular) || `#${contact.contactId}`
}

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * The picker's match (B-R2): the search found in the first, last or full name,
 * case-insensitively (also "last first"), or its digits in the phone number;
 * an empty search matches everyone.
 */
export function matchesCustomer(contact: ContactLike, search: string): boolean {
  const wanted = fold(search)
  if (wanted === '') return true
  const first = fold(contact.firstName)
  const last = fold(contact.lastName)
  const names = [first, last, fold(`${first} ${last}`), fold(`${last} ${first}`)]
  if (names.some((name) => name.includes(wanted))) return true
  const digits = wanted.replace(/\D/g, '')
  return digits.length >= 3 && digits === wanted.replace(/[\s()+.-]/g, '') && (contact.cellular ?? '').replace(/\D/g, '').includes(digits)
}

// ---------- the booking's answer ----------

export const BOOKED_TEXT = 'Appointment booked Successfully'
export const NOT_BOOKED_TEXT = 'Appointment not booked'

export interface BookingOutcome {
  /** success: booked; warning: booked, but the text says 'Unfortunately…'; failed: not booked. */
  kind: 'success' | 'warning' | 'failed'
  text: string
}

/**
 * How a booking's answer is shown (B-R5): code FAILURE is a failed booking; a
 * text starting with 'Unfortunately' a warning; anything else a success.
 */
export function bookingOutcome(answer: { message?: string | null; code?: string | null }): BookingOutcome {
  const text = (answer.message ?? '').trim()
  if ((answer.code ?? '').toUpperCase() === 'FAILURE') return { kind: 'failed', text: text || NOT_BOOKED_TEXT }
  if (text.startsWith('Unfortunately')) return { kind: 'warning', text }
  return { kind: 'success', text: text || BOOKED_TEXT }
}
