/**
 * Dates and times in a named time zone (a store's, or the browser's when none
 * is given): day keys for day separators, 'Today'/'Yesterday', clock times in
 * the spec's `h:mm a`, and the wire format of Set Response Time.
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

/** A `YYYY-MM-DD` key written out: `November 3, 2026` (long) or `Nov 3, 2026` (medium). */
export function writtenDate(key: string, dateStyle: 'long' | 'medium' = 'long'): string {
  const t = Date.parse(`${key}T12:00:00Z`)
  return Number.isFinite(t) ? new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle }).format(t) : key
}

/** A `YYYY-MM-DD` key written out: `November 3, 2026`. */
export function longDate(key: string): string {
  return writtenDate(key, 'long')
}

/** A `YYYY-MM-DD` key in few characters: `Nov 3` in the year of `now` (in `timeZone`), else `Nov 3, 2025`. */
export function shortDate(key: string, now: number, timeZone?: string): string {
  const t = Date.parse(`${key}T12:00:00Z`)
  if (!Number.isFinite(t)) return key
  if (key.slice(0, 4) !== dayKey(now, timeZone).slice(0, 4)) return writtenDate(key, 'medium')
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(t)
}

/** The spec's `h:mm a` (`3:05 PM`) of a moment in `timeZone`; '' when unreadable. */
export function clockTime(iso: string | null | undefined, timeZone?: string): string {
  const t = timeOf(iso)
  if (!Number.isFinite(t)) return ''
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(t)
}

/**
 * The day ('Today', 'Yesterday', else the date: `longDate`, or `shortDate` for
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
  const written = dateStyle === 'short' ? shortDate(key, now, timeZone) : longDate(key)
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
