/**
 * Scheduled reports (docs/reports.md, "Mailing lists and scheduled reports"):
 * schedules of the `reports.mail` job, which e-mail a report over the period
 * that just ended to a mailing list. How a choice (every day, every week on a
 * weekday, every month on the 1st, at an hour) becomes the cron and the period,
 * the body of `POST /api/data-sync/scheduler`, and how a schedule reads back.
 */
import { JOB_KINDS } from '../../lib/job-kinds'
import { ApiError } from '../../lib/api-client'

/** The schedule's `apiName` (what it is for). */
export const REPORT_MAIL_API_NAME = 'report-mail'

/** How often the report goes out. */
export type ScheduleRepeat = 'daily' | 'weekly' | 'monthly'
/** The days a mailed report covers: the day, 7 days or calendar month that ended before it fires. */
export type ReportPeriod = 'DAY' | 'WEEK' | 'MONTH'

export const SCHEDULE_REPEATS: readonly { id: ScheduleRepeat; label: string; period: ReportPeriod }[] = [
  { id: 'daily', label: 'Daily', period: 'DAY' },
  { id: 'weekly', label: 'Weekly', period: 'WEEK' },
  { id: 'monthly', label: 'Monthly', period: 'MONTH' },
]

/** The period that matches a repeat: each e-mail covers the time since the last one. */
export function periodOfRepeat(repeat: ScheduleRepeat): ReportPeriod {
  return SCHEDULE_REPEATS.find((r) => r.id === repeat)?.period ?? 'WEEK'
}

/** What a period covers, for people. */
export function periodLabel(period: string): string {
  switch (period) {
    case 'DAY':
      return 'the day before'
    case 'WEEK':
      return 'the 7 days before'
    case 'MONTH':
      return 'the previous month'
    default:
      return period
  }
}

/**
 * The weekdays, Sunday first, with the cron's name for each. Names, not numbers:
 * the server's cron reads weekday numbers 1–7 from Sunday (0 is refused), where
 * the usual cron reads 0–6 from Sunday; `MON` means Monday to both.
 */
export const WEEKDAYS = [
  { cron: 'SUN', label: 'Sunday' },
  { cron: 'MON', label: 'Monday' },
  { cron: 'TUE', label: 'Tuesday' },
  { cron: 'WED', label: 'Wednesday' },
  { cron: 'THU', label: 'Thursday' },
  { cron: 'FRI', label: 'Friday' },
  { cron: 'SAT', label: 'Saturday' },
] as const

/** 0 (Sunday) to 6 (Saturday), as `Date.getDay()`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6

export const DEFAULT_SCHEDULE_HOUR = 7
export const DEFAULT_WEEKDAY: Weekday = 1

/** When a report goes out: how often, at which hour (0–23, the schedule's zone) and, weekly, on which day. */
export interface ScheduleTiming {
  repeat: ScheduleRepeat
  hour: number
  weekday: Weekday
}

function checkedHour(hour: number): number {
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : DEFAULT_SCHEDULE_HOUR
}

/**
 * The cron of a timing, on the hour: daily `0 <h> * * *`, weekly
 * `0 <h> * * <DAY>` (the weekday's name), monthly on the 1st `0 <h> 1 * *`.
 */
export function scheduleCron({ repeat, hour, weekday }: ScheduleTiming): string {
  const h = checkedHour(hour)
  switch (repeat) {
    case 'daily':
      return `0 ${h} * * *`
    case 'weekly':
      return `0 ${h} * * ${(WEEKDAYS[weekday] ?? WEEKDAYS[DEFAULT_WEEKDAY]).cron}`
    case 'monthly':
      return `0 ${h} 1 * *`
  }
}

/** The timing a cron made here stands for, else null (a cron made elsewhere). */
export function timingOfCron(cron: string): ScheduleTiming | null {
  const fields = cron.trim().split(/\s+/)
  if (fields.length !== 5 || fields[0] !== '0' || !/^\d{1,2}$/.test(fields[1]!)) return null
  const hour = Number(fields[1])
  if (hour > 23) return null
  const [, , day, month, weekday] = fields as [string, string, string, string, string]
  if (month !== '*') return null
  if (day === '*' && weekday === '*') return { repeat: 'daily', hour, weekday: DEFAULT_WEEKDAY }
  if (day === '1' && weekday === '*') return { repeat: 'monthly', hour, weekday: DEFAULT_WEEKDAY }
  if (day === '*') {
    const index = WEEKDAYS.findIndex((d) => d.cron === weekday.toUpperCase())
    if (index >= 0) return { repeat: 'weekly', hour, weekday: index as Weekday }
  }
  return null
}

/** `7` → `7:00 AM`, `0` → `12:00 AM`, `13` → `1:00 PM`. */
export function hourLabel(hour: number): string {
  const h = checkedHour(hour)
  return `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? 'AM' : 'PM'}`
}

/** A schedule's times for people: "Every Monday at 7:00 AM"; a cron made elsewhere as itself. */
export function describeScheduleCron(cron: string): string {
  const timing = timingOfCron(cron)
  if (!timing) return `Cron ${cron.trim().split(/\s+/).join(' ')}`
  const at = hourLabel(timing.hour)
  switch (timing.repeat) {
    case 'daily':
      return `Every day at ${at}`
    case 'weekly':
      return `Every ${WEEKDAYS[timing.weekday].label} at ${at}`
    case 'monthly':
      return `1st of each month at ${at}`
  }
}

/** What a scheduled report e-mails: `reports.mail`'s input. */
export interface ReportMailInput {
  report: string
  period: ReportPeriod
  mailingListId: number
  storeIds: number[]
  serviceTypes?: string[]
  customerType?: string
  timeZone?: string
}

export interface ReportScheduleChoice extends ScheduleTiming {
  enterpriseId: number
  report: string
  mailingListId: number
  /** The report's stores (the filter's, or every store of the user's). */
  storeIds: readonly number[]
  serviceTypes?: readonly string[]
  customerType?: string
  /** IANA zone: the cron's times, and the calendar the period follows. */
  timeZone: string
}

/**
 * The body of `POST /api/data-sync/scheduler` for a scheduled report: the first
 * store as the schedule's store, the cron and the matching period.
 */
export function reportSchedulePayload(choice: ReportScheduleChoice) {
  const input: ReportMailInput = {
    report: choice.report,
    period: periodOfRepeat(choice.repeat),
    mailingListId: choice.mailingListId,
    storeIds: [...choice.storeIds],
    timeZone: choice.timeZone,
  }
  if (choice.serviceTypes && choice.serviceTypes.length > 0) input.serviceTypes = [...choice.serviceTypes]
  if (choice.customerType) input.customerType = choice.customerType
  return {
    enterpriseId: choice.enterpriseId,
    storeIdFk: choice.storeIds[0],
    apiName: REPORT_MAIL_API_NAME,
    jobKind: JOB_KINDS.reportMail,
    cron: scheduleCron(choice),
    timeZone: choice.timeZone,
    input,
  }
}

/** A schedule as the scheduler lists it (the fields used here). */
export interface ScheduleLike {
  id: number
  jobKind: string
  input?: unknown
  createdAt: string
}

/** The report a schedule mails, read from its input; null when it is not a readable `reports.mail` one. */
export function reportMailInput(schedule: Pick<ScheduleLike, 'jobKind' | 'input'>): ReportMailInput | null {
  if (schedule.jobKind !== JOB_KINDS.reportMail || !schedule.input || typeof schedule.input !== 'object') return null
  const raw = schedule.input as Record<string, unknown>
  if (typeof raw.report !== 'string' || typeof raw.mailingListId !== 'number') return null
  const period = raw.period === 'DAY' || raw.period === 'WEEK' || raw.period === 'MONTH' ? raw.period : 'WEEK'
  const storeIds = Array.isArray(raw.storeIds) ? raw.storeIds.filter((s): s is number => typeof s === 'number') : []
  const serviceTypes = Array.isArray(raw.serviceTypes) ? raw.serviceTypes.filter((s): s is string => typeof s === 'string') : []
  return {
    report: raw.report,
    period,
    mailingListId: raw.mailingListId,
    storeIds,
    serviceTypes: serviceTypes.length > 0 ? serviceTypes : undefined,
    customerType: typeof raw.customerType === 'string' && raw.customerType !== '' ? raw.customerType : undefined,
    timeZone: typeof raw.timeZone === 'string' && raw.timeZone !== '' ? raw.timeZone : undefined,
  }
}

/** The scheduled reports among an enterprise's schedules (`jobKind` `reports.mail`), oldest first. */
export function reportSchedules<S extends ScheduleLike>(schedules: readonly S[] | undefined): S[] {
  return (schedules ?? [])
    .filter((s) => s.jobKind === JOB_KINDS.reportMail)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
}

/** The spec's messages for creating a schedule. */
export const SCHEDULE_CREATED_TEXT = 'Scheduler created successfully'
export const SCHEDULE_FAILED_TEXT = 'Unable to create scheduler'

/** Why a schedule was not created: the server's message for a refusal, else the spec's text. */
export function scheduleFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.body) {
    const text = error.body.errors?.find((e) => e.trim() !== '') ?? error.body.message
    if (text) return text
  }
  return SCHEDULE_FAILED_TEXT
}

/** The browser's IANA zone, when it says one. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

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

/** The zones offered: `first` ones (the stores', the browser's) then the US dealers' zones and UTC, each once. */
export function timeZoneOptions(...first: (string | undefined)[]): string[] {
  return [...new Set([...first.filter((z): z is string => !!z), ...COMMON_TIME_ZONES])]
}

/**
 * The zone a new schedule starts with: the first chosen store's, else the one
 * zone all the user's stores share, else the browser's, else UTC.
 */
export function defaultScheduleZone({
  storeZones,
  chosenStores,
  browser,
}: {
  /** Store id → IANA zone, for the stores whose zone is known. */
  storeZones: ReadonlyMap<number, string>
  chosenStores: readonly number[]
  browser: string | undefined
}): string {
  const first = chosenStores[0]
  const firstZone = first === undefined ? undefined : storeZones.get(first)
  if (firstZone) return firstZone
  if (chosenStores.length === 0) {
    const zones = new Set(storeZones.values())
    if (zones.size === 1) return [...zones][0]!
  }
  return browser ?? 'UTC'
}
