/**
 * The report screens' URL state and the call it stands for: the search schema
 * (`validateReportSearch`), the window of days a search covers (the spec's
 * default of the last 7 days, E-R2, and the month windows, E-R1) and the body of
 * `POST /api/reports/{kind}` (`reportRequest`).
 */
import type { ApiRequestBody } from '../../lib/api-types'
import { isoDate, nonNegativeInt, oneOf, positiveInt, positiveIntList } from '../../lib/search-params'
import { ALL_SERVICE_TYPES, serviceTypeList } from '../../lib/service-types'

export type ReportFilterBody = ApiRequestBody<'/api/reports/{kind}', 'post'>

/** Rows a page of a list report (E-E5); the first is the default. */
export const REPORT_PAGE_SIZES = [25, 50, 100] as const
export const DEFAULT_REPORT_PAGE_SIZE = REPORT_PAGE_SIZES[0]

/** Days in the default window: today and the six before it (E-R2). */
export const DEFAULT_WINDOW_DAYS = 7

/**
 * The quick month windows (E-R1): from the first day of the month `back` months
 * before this one to the last day of the month `through` months before this one.
 * "Last N months" are the N whole months before this one.
 */
export const MONTH_WINDOWS = [
  { id: 'this-month', label: 'This month', back: 0, through: 0 },
  { id: 'last-month', label: 'Last month', back: 1, through: 1 },
  { id: 'last-3-months', label: 'Last 3 months', back: 3, through: 1 },
  { id: 'last-6-months', label: 'Last 6 months', back: 6, through: 1 },
] as const

export type MonthWindowId = (typeof MONTH_WINDOWS)[number]['id']
const MONTH_WINDOW_IDS = MONTH_WINDOWS.map((w) => w.id)

/** The customer types of the monthly and daily tables (E-S6): '1' Type A, '2' Type B, none both. */
export const CUSTOMER_TYPES = [
  { code: 1, label: 'Type A' },
  { code: 2, label: 'Type B' },
] as const
/** Kept as a number in the URL (`customerType=1`): the router would quote text that looks like one. */
export type CustomerTypeCode = (typeof CUSTOMER_TYPES)[number]['code']

/** A customer type code (a number, or its text), or undefined (both). */
export function oneCustomerType(value: unknown): CustomerTypeCode | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return CUSTOMER_TYPES.find((t) => t.code === n)?.code
}

/** The reports the customer type applies to. */
const CUSTOMER_TYPE_REPORTS: readonly string[] = ['monthly', 'daily']

export function hasCustomerType(kind: string): boolean {
  return CUSTOMER_TYPE_REPORTS.includes(kind)
}

/** The demo enterprise: its report calls carry the demo flag (E-R3). */
const DEMO_ENTERPRISE_ID = 1

/** `/reports?…` and `/reports/$kind?…` — every part optional; absent means the default. */
export interface ReportSearch {
  /** Store ids (none: every store the user sees). */
  store?: number[]
  /** Service type codes (none, or `ALL` in a link: every type). */
  serviceType?: string[]
  /** First day, YYYY-MM-DD. */
  from?: string
  /** Last day, YYYY-MM-DD, inclusive. */
  to?: string
  /** A month window, counted from today whenever the page loads; takes the place of `from`/`to`. */
  window?: MonthWindowId
  /** Monthly and daily reports: one customer type (none: both). */
  customerType?: CustomerTypeCode
  /** Zero-based page of a list report. */
  page?: number
  size?: number
}

/** Service type codes, distinct, in the order given; `ALL` means none. */
function reportServiceTypes(value: unknown): string[] | undefined {
  const codes = serviceTypeList(value)
  return codes?.includes(ALL_SERVICE_TYPES) ? undefined : codes
}

/** The route's search schema: anything unreadable, and any default, is dropped. */
export function validateReportSearch(raw: Record<string, unknown>): ReportSearch {
  const window = oneOf(raw.window, MONTH_WINDOW_IDS)
  const size = positiveInt(raw.size)
  return {
    store: positiveIntList(raw.store),
    serviceType: reportServiceTypes(raw.serviceType),
    // A month window decides the days itself.
    from: window ? undefined : isoDate(raw.from),
    to: window ? undefined : isoDate(raw.to),
    window,
    customerType: oneCustomerType(raw.customerType),
    page: nonNegativeInt(raw.page) || undefined,
    size: size !== undefined && size !== DEFAULT_REPORT_PAGE_SIZE && (REPORT_PAGE_SIZES as readonly number[]).includes(size) ? size : undefined,
  }
}

// ---------- days ----------

const DAY_MS = 86_400_000

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`)
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days * DAY_MS)
}

/** The first day of the month `monthsBack` months before `today`'s. */
function firstOfMonth(today: string, monthsBack: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number]
  return dayOf(Date.UTC(y, m - 1 - monthsBack, 1))
}

/** The last day of the month `monthsBack` months before `today`'s. */
function lastOfMonth(today: string, monthsBack: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number]
  // Day 0 of the next month is the last day of this one.
  return dayOf(Date.UTC(y, m - monthsBack, 0))
}

/** The days of a report: first and last, YYYY-MM-DD, inclusive. */
export interface DayWindow {
  from: string
  to: string
}

/** The spec's default window (E-R2): the last 7 days, today included. */
export function defaultWindow(today: string): DayWindow {
  return { from: addDays(today, -(DEFAULT_WINDOW_DAYS - 1)), to: today }
}

/** A month window (E-R1) seen from `today`. */
export function monthWindow(id: MonthWindowId, today: string): DayWindow {
  const window = MONTH_WINDOWS.find((w) => w.id === id) ?? MONTH_WINDOWS[0]
  return { from: firstOfMonth(today, window.back), to: lastOfMonth(today, window.through) }
}

/**
 * The days a search covers, seen from `today` (the browser's day): its month
 * window; else its days (only a first day: up to today; only a last day: the 7
 * days ending then, as the server reads them); else the last 7 days.
 */
export function reportWindow(search: Pick<ReportSearch, 'from' | 'to' | 'window'>, today: string): DayWindow {
  if (search.window) return monthWindow(search.window, today)
  if (search.from && search.to) return { from: search.from, to: search.to }
  if (search.from) return { from: search.from, to: today }
  if (search.to) return { from: addDays(search.to, -(DEFAULT_WINDOW_DAYS - 1)), to: search.to }
  return defaultWindow(today)
}

/**
 * The search as a report opens on it: one that reads by months (the server's
 * `defaultMonths`) opens on those whole months instead of the last 7 days,
 * unless the URL names its days.
 */
export function openingSearch<S extends Pick<ReportSearch, 'from' | 'to' | 'window'>>(search: S, defaultMonths: number | undefined): S {
  if (search.window || search.from || search.to || !defaultMonths) return search
  const window = MONTH_WINDOWS.find((w) => w.back === defaultMonths && w.through === 1)
  return window ? { ...search, window: window.id } : search
}

/** The month window these days are, if any (so its button shows as chosen). */
export function matchingMonthWindow(days: DayWindow, today: string): MonthWindowId | undefined {
  return MONTH_WINDOWS.find((w) => {
    const window = monthWindow(w.id, today)
    return window.from === days.from && window.to === days.to
  })?.id
}

// ---------- the call ----------

/** What a report call needs to know about the user. */
export interface ReportCaller {
  enterpriseId?: number
}

/** A report call: the kind, its body and, for lists, the page. */
export interface ReportRequest {
  kind: string
  body: ReportFilterBody
  /** Lists only: zero-based page and its size. */
  page?: { page: number; size: number }
}

/**
 * The call a search stands for. Dates are always sent (the browser's days, so
 * the table covers what the fields show); the customer type only to the
 * monthly and daily reports; the demo flag for the demo enterprise (E-R3).
 */
export function reportRequest(
  kind: string,
  search: ReportSearch,
  { paged, today, caller }: { paged: boolean; today: string; caller: ReportCaller },
): ReportRequest {
  const days = reportWindow(search, today)
  const body: ReportFilterBody = { startDate: days.from, endDate: days.to }
  if (caller.enterpriseId !== undefined) body.enterpriseId = caller.enterpriseId
  if (caller.enterpriseId === DEMO_ENTERPRISE_ID) body.demoFlag = true
  if (search.store) body.storeIds = search.store
  if (search.serviceType) body.serviceTypes = search.serviceType
  if (search.customerType && hasCustomerType(kind)) body.customerType = String(search.customerType)
  return {
    kind,
    body,
    page: paged ? { page: search.page ?? 0, size: search.size ?? DEFAULT_REPORT_PAGE_SIZE } : undefined,
  }
}

// ---------- changes ----------

/** The filters a person changes (everything but the page). */
export type ReportFilterValues = Pick<ReportSearch, 'store' | 'serviceType' | 'from' | 'to' | 'window' | 'customerType'>

/** The URL after a filter change: back on the first page; empty lists dropped. */
export function applyReportFilters(search: ReportSearch, patch: Partial<ReportFilterValues>): ReportSearch {
  const next: ReportSearch = { ...search, ...patch, page: undefined }
  if (next.store && next.store.length === 0) next.store = undefined
  if (next.serviceType && (next.serviceType.length === 0 || next.serviceType.includes(ALL_SERVICE_TYPES))) next.serviceType = undefined
  return next
}

/** The URL after picking a month window: its days replace any typed ones. */
export function selectMonthWindow(search: ReportSearch, window: MonthWindowId): ReportSearch {
  return applyReportFilters(search, { window, from: undefined, to: undefined })
}

/**
 * The URL after a day field changed: the window's days (or the default ones)
 * become typed days, with the changed one in place.
 */
export function setReportDays(search: ReportSearch, days: { from?: string; to?: string }, today: string): ReportSearch {
  const shown = reportWindow(search, today)
  return applyReportFilters(search, {
    window: undefined,
    from: 'from' in days ? days.from : shown.from,
    to: 'to' in days ? days.to : shown.to,
  })
}

/** The URL with the default window again (the last 7 days). */
export function clearReportDays(search: ReportSearch): ReportSearch {
  return applyReportFilters(search, { window: undefined, from: undefined, to: undefined })
}

/** The filters that carry over to another report (the page does not). */
export function carriedFilters(search: ReportSearch): ReportSearch {
  const { store, serviceType, from, to, window, customerType, size } = search
  return { store, serviceType, from, to, window, customerType, size }
}
