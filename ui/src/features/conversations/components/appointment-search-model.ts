/** Pure rules of the Appointment Search panel: how its days and times read. */
import { clockTime, dayKey, formatDay, timeOf } from '../../../lib/date-time'

const WRITTEN_DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' })
const WRITTEN_TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hour12: true })

/**
 * The day and time a text was understood to name (the store's local
 * `YYYY-MM-DDTHH:MM`) as the free times read: `Tuesday, December 1 at 10:00 AM`.
 * Anything else is shown as given; none is ''.
 */
export function requestedLabel(requested: string | null | undefined): string {
  const value = requested?.trim() ?? ''
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value)
  if (!m) return value
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]))
  if (!Number.isFinite(at)) return value
  return `${WRITTEN_DAY.format(at)} at ${WRITTEN_TIME.format(at)}`
}

/** `23/11/2026` and `10:30 AM` of an appointment in the store's zone; null when unreadable. */
export function appointmentTime(iso: string, timeZone?: string): { date: string; time: string } | null {
  const t = timeOf(iso)
  if (!Number.isFinite(t)) return null
  return { date: formatDay(dayKey(t, timeZone)), time: clockTime(iso, timeZone) }
}
