/**
 * How the automated-runs screen writes a store's window and times: each in the
 * store's own time zone (`h:mm AM`), with the day when it is not the store's today.
 */
import { dayKey } from '../../lib/date-time'
import type { StoreRun, ZoneRuns } from './api/get-zone-runs'

const DAY_MS = 86_400_000

/** `HH:MM` (24-hour, as the server writes allowed hours and local times) as `h:mm AM`; the text as it is when unreadable. */
export function clock12(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm.trim())
  if (!match) return hhmm
  const hours = Number(match[1])
  if (hours > 24) return hhmm
  const suffix = hours % 24 < 12 ? 'AM' : 'PM'
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`
}

/** The allowed window: `8:00 AM – 9:00 PM`. */
export function allowedHours(run: Pick<StoreRun, 'allowedFrom' | 'allowedTo'>): string {
  return `${clock12(run.allowedFrom)} – ${clock12(run.allowedTo)}`
}

export interface ZonedMoment {
  /** '' on the zone's today (or before), else `tomorrow`, a weekday within the week (`Mon`), or the date (`Nov 30`). */
  day: string
  /** `8:00 AM` */
  time: string
}

/** A moment in `timeZone` as seen from `now` there; null when unreadable. */
export function zonedMoment(iso: string | null | undefined, timeZone: string | undefined, now: number): ZonedMoment | null {
  const at = iso ? Date.parse(iso) : NaN
  if (!Number.isFinite(at)) return null
  const zone = safeZone(timeZone)
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at)
  const day = dayKey(at, zone)
  const today = dayKey(now, zone)
  if (day <= today) return { day: '', time }
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS)
  if (days === 1) return { day: 'tomorrow', time }
  if (days < 7) return { day: new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(at), time }
  return { day: new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric' }).format(at), time }
}

/** `at 8:00 AM`, `tomorrow at 8:00 AM`, `Mon at 8:00 AM`; '' for none. */
export function atText(moment: ZonedMoment | null): string {
  if (!moment) return ''
  return moment.day ? `${moment.day} at ${moment.time}` : `at ${moment.time}`
}

/** The zone when the browser knows it, else undefined (the browser's own), so a strange name never breaks the screen. */
function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return undefined
  }
}

/** Under the Open/Closed badge: `until 9:00 PM` while open, `opens at 8:00 AM` (or `opens tomorrow at 8:00 AM`) while closed. */
export function windowText(run: Pick<StoreRun, 'openNow' | 'allowedTo' | 'nextOpening'>, timeZone: string | undefined, now: number): string {
  if (run.openNow) return `until ${clock12(run.allowedTo)}`
  const opens = atText(zonedMoment(run.nextOpening, timeZone, now))
  return opens ? `opens ${opens}` : ''
}

/** Under the count of held texts: `first goes at 8:00 AM` (in the store's zone), `first goes now` once due; '' when none waits. */
export function firstDeferredText(run: Pick<StoreRun, 'deferredTexts' | 'nextDeferredAt'>, timeZone: string | undefined, now: number): string {
  if (run.deferredTexts === 0) return ''
  if (Date.parse(run.nextDeferredAt ?? '') <= now) return 'first goes now'
  const first = atText(zonedMoment(run.nextDeferredAt, timeZone, now))
  return first ? `first goes ${first}` : ''
}

export interface ZoneTotals {
  stores: number
  open: number
  deferredTexts: number
  followUpsDue: number
}

export function zoneTotals(zone: Pick<ZoneRuns, 'brands'>): ZoneTotals {
  return zone.brands.reduce<ZoneTotals>(
    (sum, run) => ({
      stores: sum.stores + 1,
      open: sum.open + (run.openNow ? 1 : 0),
      deferredTexts: sum.deferredTexts + run.deferredTexts,
      followUpsDue: sum.followUpsDue + run.followUpsDue,
    }),
    { stores: 0, open: 0, deferredTexts: 0, followUpsDue: 0 },
  )
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
}

/** The zone's summary line: `3 stores, 2 open · 14 texts waiting · 5 follow-ups due`. */
export function zoneSummary(totals: ZoneTotals): string {
  return [
    `${plural(totals.stores, 'store', 'stores')}, ${totals.open.toLocaleString('en-US')} open`,
    `${plural(totals.deferredTexts, 'text', 'texts')} waiting`,
    `${plural(totals.followUpsDue, 'follow-up', 'follow-ups')} due`,
  ].join(' · ')
}
