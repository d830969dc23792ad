/** Durations for the screens (dates and times are lib/date-time). */

/**
 * A duration, short: `850 ms`, `4.2 s`, `42 s`, `3m 05s`, `2h 07m`, `3d 4h`.
 * '—' for none or a negative value.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—'
  if (ms < 1000) return `${Math.round(ms)} ms`
  const seconds = ms / 1000
  if (seconds < 10) return `${(Math.floor(seconds * 10) / 10).toFixed(1)} s`
  const s = Math.floor(seconds)
  if (s < 60) return `${s} s`
  const pad = (n: number) => String(n).padStart(2, '0')
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ${pad(s % 60)}s`
  const h = Math.floor(m / 60)
  if (h < 24) return `${h}h ${pad(m % 60)}m`
  const d = Math.floor(h / 24)
  return `${d}d ${h % 24}h`
}

/**
 * Whole minutes as people read a visit's length: `0 min`, `42 min`, `1 h 05 min`, `26 h 00 min`
 * (the hours as they are, the minutes then on two digits). '—' for none or a negative value.
 */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return '—'
  const total = Math.floor(minutes)
  const h = Math.floor(total / 60)
  const m = total % 60
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`
}

/**
 * How long something ran: start to finish, or start to `now` while it runs.
 * Null when it has not started.
 */
export function elapsedMs(
  startedAt: string | null | undefined,
  finishedAt: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (!startedAt) return null
  const start = Date.parse(startedAt)
  const end = finishedAt ? Date.parse(finishedAt) : now
  if (!Number.isFinite(start) || !Number.isFinite(end)) return null
  return Math.max(0, end - start)
}
