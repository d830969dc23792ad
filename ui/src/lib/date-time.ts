/**
 * How the screens show dates and times: the one module for it
 * (docs/decisions/0015-dates-and-times.md).
 *
 * - A moment is shown in a store's time zone wherever a store is known (its
 *   zone's short name written after the time), else in the browser's, also
 *   named: `29/11/2026 5:08 PM EST`.
 * - A day is the spec's DD/MM/YYYY (E-R4), in tables, captions and date fields.
 * - A clock time is the spec's `h:mm a` (`3:05 PM`).
 * - Messages and events read as the spec's section 9 says: today the time,
 *   yesterday 'Yesterday' and the time, older the long date.
 */

const DAY_MS = 86_400_000

/** Milliseconds of `iso`, or NaN when missing or unreadable. */
export function timeOf(iso: string | null | undefined): number {
  return iso ? Date.parse(iso) : NaN
}

/** `YYYY-MM-DD` of a moment in `timeZone` (default: the browser's). */
export function dayKey(at: number, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

/** The day before a `YYYY-MM-DD` key. */
export function previousDayKey(key: string): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10)
}

/** 'Today' or 'Yesterday' for those days (seen from `now` in `timeZone`), else null. */
export function relativeDay(key: string, now: number, timeZone?: string): 'Today' | 'Yesterday' | null {
  const today = dayKey(now, timeZone)
  if (key === today) return 'Today'
  if (key === previousDayKey(today)) return 'Yesterday'
  return null
}

/** A `YYYY-MM-DD` key written out: `November 3, 2026` (the spec's long date for older messages); the key itself when unreadable. */
export function longDate(key: string): string {
  const t = Date.parse(`${key}T12:00:00Z`)
  return Number.isFinite(t) ? new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }).format(t) : key
}

/** 'Today', 'Yesterday', or the long date, for a day break in a thread (spec section 9). */
export function dayBreakLabel(key: string, now: number, timeZone?: string): string {
  return relativeDay(key, now, timeZone) ?? longDate(key)
}

/** The spec's `h:mm a` (`3:05 PM`; `3:05:09 PM` with seconds) of a moment in `timeZone`; '' when unreadable. */
export function clockTime(iso: string | null | undefined, timeZone?: string, { seconds = false } = {}): string {
  const t = timeOf(iso)
  if (!Number.isFinite(t)) return ''
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    second: seconds ? '2-digit' : undefined,
    hour12: true,
  }).format(t)
}

/**
 * The day ('Today', 'Yesterday', else the date: `longDate`, or DD/MM/YYYY for
 * 'short') and clock time of a moment in `timeZone`; null when unreadable.
 */
export function dayAndTime(
  iso: string | null | undefined,
  now: number,
  timeZone?: string,
  dateStyle: 'long' | 'short' = 'long',
): { day: string; time: string } | null {
  const t = timeOf(iso)
  if (!Number.isFinite(t)) return null
  const key = dayKey(t, timeZone)
  const written = dateStyle === 'short' ? formatDay(key) : longDate(key)
  return { day: relativeDay(key, now, timeZone) ?? written, time: clockTime(iso, timeZone) }
}

/** A moment as messages show it (spec section 9): today the time, yesterday 'Yesterday' and the time, else the long date and time. */
export function messageDateLabel(iso: string, now: number, timeZone?: string): string {
  const parts = dayAndTime(iso, now, timeZone)
  if (!parts) return ''
  return parts.day === 'Today' ? parts.time : `${parts.day} ${parts.time}`
}

/** Wall-clock parts of a moment in `timeZone`. */
function wallParts(at: number, timeZone?: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at)
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? NaN)
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
function zoneOffsetMs(at: number, timeZone?: string): number {
  const p = wallParts(at, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return asUtc - Math.floor(at / 1000) * 1000
}

/**
 * The moment a wall-clock date (`YYYY-MM-DD`) and time (`HH:mm` or `HH:mm:ss`)
 * mean in `timeZone`, or NaN when either is unreadable. A time that a
 * daylight-saving change skips resolves to the hour after.
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone?: string): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim())
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim())
  if (!d || !t) return NaN
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0))
  if (!Number.isFinite(wall)) return NaN
  // Two passes settle the offset on either side of a daylight-saving change.
  let guess = wall - zoneOffsetMs(wall, timeZone)
  guess = wall - zoneOffsetMs(guess, timeZone)
  return guess
}

/** Wall-clock date (`YYYY-MM-DD`) and time (`HH:mm:ss`) of a moment in `timeZone`, for date and time inputs. */
export function zonedDateAndTime(iso: string | null | undefined, timeZone?: string): { date: string; time: string } {
  const t = timeOf(iso)
  if (!Number.isFinite(t)) return { date: '', time: '' }
  const p = wallParts(t, timeZone)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` }
}

/** Set Response Time's wire format, `DD-MM-YYYY HH:mm:ss`, of a moment in UTC. */
export function responseDateTime(at: number): string {
  const iso = new Date(at).toISOString() // YYYY-MM-DDTHH:mm:ss.sssZ
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)} ${iso.slice(11, 19)}`
}

/** The spec's display day (DD/MM/YYYY) of a `YYYY-MM-DD` key (or an RFC 3339 moment's date part); '' for anything else. */
export function formatDay(key: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(key ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

/**
 * A day as people type it — DD/MM/YYYY (with `/`, `.` or `-`, one-digit day and
 * month allowed) or YYYY-MM-DD — as a `YYYY-MM-DD` key; null when it is not a
 * real day.
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim()
  const written = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)
  const [year, month, day] = written ? [written[3], written[2], written[1]] : iso ? [iso[1], iso[2], iso[3]] : []
  if (year === undefined || month === undefined || day === undefined) return null
  const y = Number(year)
  const m = Number(month)
  const d = Number(day)
  const at = new Date(Date.UTC(y, m - 1, d))
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null
  return at.toISOString().slice(0, 10)
}

/** Why `text` is not a day a date field takes (DD/MM/YYYY, within `min`–`max`); null when it is (or is an allowed empty). */
export function dayProblem(text: string, { min, max, required }: { min?: string; max?: string; required?: boolean }): string | null {
  if (text.trim() === '') return required ? 'Enter a date as DD/MM/YYYY' : null
  const day = parseDay(text)
  if (!day) return 'Enter a date as DD/MM/YYYY'
  if (min && day < min) return `Choose ${formatDay(min)} or later`
  if (max && day > max) return `Choose ${formatDay(max)} or earlier`
  return null
}

/** The short name of `timeZone` (default: the browser's) at a moment: `EST`, `GMT+1`. */
export function zoneName(at: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at)
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? ''
}

/**
 * A moment as staff read it, in `timeZone` (a store's; the browser's when none
 * is known), its zone named: `29/11/2026 5:08 PM EST`, with seconds when asked
 * (`5:08:12 PM`). '—' for none or nonsense.
 */
export function formatDateTime(iso: string | null | undefined, timeZone?: string, { seconds = false } = {}): string {
  const t = timeOf(iso)
  if (!Number.isFinite(t)) return '—'
  const { date } = zonedDateAndTime(iso, timeZone)
  return `${formatDay(date)} ${clockTime(iso, timeZone, { seconds })} ${zoneName(t, timeZone)}`
}

/** The day (YYYY-MM-DD) a moment falls on in UTC, or null. */
export function utcDay(iso: string | null | undefined): string | null {
  const t = timeOf(iso)
  return Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : null
}
