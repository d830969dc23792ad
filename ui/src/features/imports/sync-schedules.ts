/**
 * Scheduled syncs (docs/imports.md, "Scheduled syncs"): schedules of the
 * `imports.sync` job with `input: {dataSourceId, storeId}` and a cron. The
 * presets offered, a first check of a typed cron (the server checks it
 * fully), which of the scheduler's schedules are a source's, and the call's
 * body and messages.
 */
import { JOB_KINDS } from '../../lib/job-kinds'
import { ApiError } from '../../lib/api-client'


export interface CronPreset {
  id: string
  label: string
  cron: string
}

/** The schedules offered; anything else is a custom cron. */
export const CRON_PRESETS = [
  { id: 'hourly', label: 'Every hour', cron: '0 * * * *' },
  { id: 'every-6-hours', label: 'Every 6 hours', cron: '0 */6 * * *' },
  { id: 'daily-2am', label: 'Every day at 2 AM', cron: '0 2 * * *' },
  { id: 'weekdays-6am', label: 'Weekdays at 6 AM', cron: '0 6 * * 1-5' },
] as const satisfies readonly CronPreset[]

export const CUSTOM_PRESET = 'custom'
export type CronPresetId = (typeof CRON_PRESETS)[number]['id'] | typeof CUSTOM_PRESET

export const DEFAULT_PRESET: CronPresetId = 'daily-2am'

/** A cron with single spaces between its fields. */
export function normalizeCron(cron: string): string {
  return cron.trim().split(/\s+/).filter(Boolean).join(' ')
}

/** The preset a cron is, else 'custom'. */
export function presetOfCron(cron: string): CronPresetId {
  const normalized = normalizeCron(cron)
  return CRON_PRESETS.find((p) => p.cron === normalized)?.id ?? CUSTOM_PRESET
}

/** The cron of a preset, or `custom` (the typed one) for a custom schedule. */
export function cronOfChoice(preset: CronPresetId, custom: string): string {
  return CRON_PRESETS.find((p) => p.id === preset)?.cron ?? normalizeCron(custom)
}

/** A schedule for people: the preset's label, else the expression. */
export function describeCron(cron: string): string {
  const preset = CRON_PRESETS.find((p) => p.id === presetOfCron(cron))
  return preset ? preset.label : `Cron ${normalizeCron(cron)}`
}

/**
 * Why a typed cron cannot be a schedule, at a glance (five fields — minute hour
 * day month weekday — or six with seconds first), else null. Whether each field
 * makes sense is the server's to say.
 */
export function cronProblem(cron: string): string | null {
  const fields = normalizeCron(cron).split(' ').filter(Boolean)
  if (fields.length === 0) return 'Enter a cron expression.'
  if (fields.length !== 5 && fields.length !== 6) {
    return `A cron expression has 5 fields (minute hour day month weekday), or 6 with seconds first; this one has ${fields.length}.`
  }
  const odd = fields.find((f) => !/^[0-9A-Za-z*?,/#-]+$/.test(f))
  return odd ? `"${odd}" is not a cron field.` : null
}

/** A schedule as the scheduler lists it (the fields used here). */
export interface ScheduleLike {
  id: number
  jobKind: string
  input?: unknown
  createdAt: string
}

/** The data source a schedule syncs, when it is a sync's schedule. */
export function scheduledSourceId(schedule: Pick<ScheduleLike, 'jobKind' | 'input'>): number | undefined {
  if (schedule.jobKind !== JOB_KINDS.importSync || !schedule.input || typeof schedule.input !== 'object') return undefined
  const id = (schedule.input as { dataSourceId?: unknown }).dataSourceId
  return typeof id === 'number' ? id : undefined
}

/** A source's sync schedules among the scheduler's, oldest first. */
export function schedulesOfSource<S extends ScheduleLike>(schedules: readonly S[] | undefined, dataSourceId: number): S[] {
  return (schedules ?? [])
    .filter((s) => scheduledSourceId(s) === dataSourceId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
}

/** The body of `POST /api/data-sync/scheduler` for a source's sync. */
export function syncSchedulePayload({
  enterpriseId,
  source,
  cron,
  timeZone,
}: {
  enterpriseId: number
  source: { id: number; storeIdFk: number }
  cron: string
  timeZone?: string
}) {
  return {
    enterpriseId,
    storeIdFk: source.storeIdFk,
    apiName: `dms-sync:${source.id}`,
    jobKind: JOB_KINDS.importSync,
    cron: normalizeCron(cron),
    timeZone: timeZone || undefined,
    input: { dataSourceId: source.id, storeId: source.storeIdFk },
  }
}

/** The spec's messages for creating a schedule. */
export const SCHEDULE_CREATED_TEXT = 'Scheduler created successfully'
export const SCHEDULE_FAILED_TEXT = 'Unable to create scheduler'

/** Why a schedule was not created: the server's message for a refusal, else the spec's text. */
export function scheduleFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.body) {
    const text = error.body.errors?.find((e) => e !== '') ?? error.body.message
    if (text) return text
  }
  return SCHEDULE_FAILED_TEXT
}

/** The zone the server reads cron times in when none is given. */
export const SERVER_DEFAULT_TIME_ZONE = 'America/New_York'

const COMMON_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'UTC',
]

/** The browser's zone, when it says one. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/** The zones offered: the US dealers' zones and UTC, plus `extra` (the browser's, a schedule's) when it is another. */
export function timeZoneOptions(...extra: (string | undefined)[]): string[] {
  return [...new Set([...COMMON_TIME_ZONES, ...extra.filter((z): z is string => !!z)])]
}
