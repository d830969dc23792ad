/**
 * The Planners screen's URL state and the calls it stands for: the route's
 * search schema (`validatePlannersSearch`), the preview call of a URL
 * (`candidateQuery`), the planner date and window (docs/planners.md, "The
 * window and what is left out") and the error-alert lead list
 * (`errorAlertQuery`).
 */
import type { ApiRequestBody } from '../../lib/api-types'
import { MAX_PAGE_SIZE, PLANNER_AUDIT_PAGE_SIZE, PLANNER_PAGE_SIZE } from '../../lib/config'
import { bool, integer, isoDate, nonNegativeInt, oneOf, pageSize, positiveInt, text } from '../../lib/search-params'
import {
  DEFAULT_PLANNER_MILEAGE,
  DEFAULT_PLANNER_VIEW,
  ERROR_ALERT_VIEW_ID,
  PLANNER_MILEAGES,
  PLANNER_VIEW_IDS,
  plannerName,
  plannerView,
  type AvailablePlannerView,
  type PlannerViewId,
} from './planner-views'

/** The window's defaults: due today to 30 days ahead. */
export const DEFAULT_MIN_DAYS = 0
export const DEFAULT_MAX_DAYS = 30

/** `/planners?…` — every part optional; absent means the default. */
export interface PlannersSearch {
  /** The planner view (default 0K). */
  planner?: PlannerViewId
  /** The milestone of "Any mileage" (default 30000). */
  mileage?: number
  /** One store (none: every store the user sees). */
  store?: number
  /** The planner date, YYYY-MM-DD (default today). */
  date?: string
  /** Days after the planner date the window starts (default 0; negative takes overdue vehicles). */
  minDays?: number
  /** Days after the planner date the window ends, inclusive (default 30). */
  maxDays?: number
  /** One customer's vehicles. */
  custNo?: string
  /** Replace this planner's never-contacted leads. */
  hardRun?: true
  /** The error-alert view: Lexus error alerts too (default Toyota only). */
  lexus?: true
  /** The error-alert view: alerts that arrived from this day on (YYYY-MM-DD). */
  alertsFrom?: string
  /** The error-alert view: alerts that arrived up to this day, included (YYYY-MM-DD). */
  alertsTo?: string
  /** Zero-based page of the preview. */
  page?: number
  size?: number
  /** Zero-based page of the transfer history. */
  auditPage?: number
  auditSize?: number
}

const MILEAGE_TEXT = PLANNER_MILEAGES.map(String)

/** The route's search schema: anything unreadable, and any default, is dropped. */
export function validatePlannersSearch(raw: Record<string, unknown>): PlannersSearch {
  const view = oneOf(typeof raw.planner === 'number' ? String(raw.planner) : raw.planner, PLANNER_VIEW_IDS)
  const mileageText = oneOf(typeof raw.mileage === 'number' ? String(raw.mileage) : raw.mileage, MILEAGE_TEXT)
  const mileage = mileageText === undefined ? undefined : Number(mileageText)
  const minDays = integer(raw.minDays)
  const maxDays = integer(raw.maxDays)
  return {
    planner: view === DEFAULT_PLANNER_VIEW ? undefined : view,
    // Only "Any mileage" takes a milestone.
    mileage: view !== undefined && plannerView(view).mileage && mileage !== DEFAULT_PLANNER_MILEAGE ? mileage : undefined,
    store: positiveInt(raw.store),
    date: isoDate(raw.date),
    minDays: minDays === DEFAULT_MIN_DAYS ? undefined : minDays,
    maxDays: maxDays === DEFAULT_MAX_DAYS ? undefined : maxDays,
    custNo: text(raw.custNo),
    hardRun: bool(raw.hardRun) || undefined,
    // Only the error-alert view takes Lexus.
    lexus: (view === ERROR_ALERT_VIEW_ID && bool(raw.lexus)) || undefined,
    alertsFrom: view === ERROR_ALERT_VIEW_ID ? isoDate(raw.alertsFrom) : undefined,
    alertsTo: view === ERROR_ALERT_VIEW_ID ? isoDate(raw.alertsTo) : undefined,
    page: nonNegativeInt(raw.page) || undefined,
    size: pageSize(raw.size, MAX_PAGE_SIZE),
    auditPage: nonNegativeInt(raw.auditPage) || undefined,
    auditSize: pageSize(raw.auditSize),
  }
}

/** A `YYYY-MM-DD` day as the planner calls take it: `DD.MM.YYYY`. */
export function toPlannerDate(iso: string): string {
  const [year, month, day] = iso.split('-')
  return `${day}.${month}.${year}`
}

/** The day `days` after a `YYYY-MM-DD` day (before it when negative). */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** What the URL asks the planner, with the defaults filled in. */
export interface PlannerRequest {
  view: AvailablePlannerView
  mileage: number
  /** The server's planner name (audits carry it). */
  plannerName: string
  store?: number
  /** YYYY-MM-DD. */
  date: string
  minDays: number
  maxDays: number
  custNo?: string
  hardRun: boolean
}

/** The URL's planner request; `today` (YYYY-MM-DD) is the planner date when the URL has none. */
export function plannerRequest(search: PlannersSearch, today: string): PlannerRequest {
  const view = plannerView(search.planner)
  const mileage = search.mileage ?? DEFAULT_PLANNER_MILEAGE
  return {
    view,
    mileage,
    plannerName: plannerName(view, mileage),
    store: search.store,
    date: search.date ?? today,
    minDays: search.minDays ?? DEFAULT_MIN_DAYS,
    maxDays: search.maxDays ?? DEFAULT_MAX_DAYS,
    custNo: search.custNo,
    hardRun: search.hardRun ?? false,
  }
}

/** The due dates a request takes, both included. */
export function plannerWindow(request: Pick<PlannerRequest, 'date' | 'minDays' | 'maxDays'>): { from: string; to: string } {
  return { from: addDays(request.date, request.minDays), to: addDays(request.date, request.maxDays) }
}

/** The query parameters every planner call takes (`transfer`, `page` and `size` aside). */
export interface PlannerParams {
  store_id?: number
  /** DD.MM.YYYY. */
  plannerDate: string
  minDays: number
  maxDays: number
  cust_no?: string
  hardRun?: true
  mileage?: number
}

/** The parameters of a request; only what is set is sent (the window always is). */
export function plannerParams(request: PlannerRequest): PlannerParams {
  const params: PlannerParams = {
    store_id: request.store,
    plannerDate: toPlannerDate(request.date),
    minDays: request.minDays,
    maxDays: request.maxDays,
    cust_no: request.custNo,
    hardRun: request.hardRun ? true : undefined,
    mileage: request.view.mileage ? request.mileage : undefined,
  }
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as PlannerParams
}

/** One preview page: the query key and the call. */
export interface CandidateQuery {
  /** The view id (its path and method). */
  view: PlannerViewId
  page: number
  size: number
  params: PlannerParams
}

export function candidateQuery(search: PlannersSearch, today: string): CandidateQuery {
  const request = plannerRequest(search, today)
  return {
    view: request.view.id,
    page: search.page ?? 0,
    size: search.size ?? PLANNER_PAGE_SIZE,
    params: plannerParams(request),
  }
}

/** One page of the transfer history of a planner. */
export interface AuditQuery {
  plannerName: string
  page: number
  size: number
}

export function auditQuery(search: PlannersSearch): AuditQuery {
  const view = plannerView(search.planner)
  return {
    plannerName: plannerName(view, search.mileage ?? DEFAULT_PLANNER_MILEAGE),
    page: search.auditPage ?? 0,
    size: search.auditSize ?? PLANNER_AUDIT_PAGE_SIZE,
  }
}

/** The filters of the URL: everything but the planner and paging. */
export type PlannerFilterValues = Pick<
  PlannersSearch,
  'store' | 'date' | 'minDays' | 'maxDays' | 'custNo' | 'hardRun' | 'lexus' | 'alertsFrom' | 'alertsTo'
>

export function plannerFilters(search: PlannersSearch): PlannerFilterValues {
  const { store, date, minDays, maxDays, custNo, hardRun, lexus, alertsFrom, alertsTo } = search
  return { store, date, minDays, maxDays, custNo, hardRun, lexus, alertsFrom, alertsTo }
}

export function hasPlannerFilters(filters: PlannerFilterValues): boolean {
  return Object.values(filters).some((value) => value !== undefined)
}

/** Defaults are left out of the URL. */
function withoutDefaults(filters: PlannerFilterValues): PlannerFilterValues {
  return {
    ...filters,
    minDays: filters.minDays === DEFAULT_MIN_DAYS ? undefined : filters.minDays,
    maxDays: filters.maxDays === DEFAULT_MAX_DAYS ? undefined : filters.maxDays,
    hardRun: filters.hardRun || undefined,
    lexus: filters.lexus || undefined,
  }
}

/** The URL with `filters` in place of the current ones (absent ones are cleared), back on the first page. */
export function applyPlannerFilters(search: PlannersSearch, filters: PlannerFilterValues): PlannersSearch {
  return { ...search, ...withoutDefaults(plannerFilters(filters)), page: undefined }
}

/** The URL after picking another planner: filters and page sizes stay; pages go, and the milestone or Lexus unless it still applies. */
export function selectPlannerView(search: PlannersSearch, viewId: PlannerViewId): PlannersSearch {
  const view = plannerView(viewId)
  return {
    ...search,
    planner: view.id === DEFAULT_PLANNER_VIEW ? undefined : view.id,
    mileage: view.mileage ? search.mileage : undefined,
    lexus: view.kind === 'error-alert' ? search.lexus : undefined,
    alertsFrom: view.kind === 'error-alert' ? search.alertsFrom : undefined,
    alertsTo: view.kind === 'error-alert' ? search.alertsTo : undefined,
    page: undefined,
    auditPage: undefined,
  }
}

/** The URL after picking a milestone of "Any mileage". */
export function selectMileage(search: PlannersSearch, mileage: number): PlannersSearch {
  return { ...search, mileage: mileage === DEFAULT_PLANNER_MILEAGE ? undefined : mileage, page: undefined, auditPage: undefined }
}

/** Reset: the planner (and its milestone) stays; filters and pages go back to their defaults. */
export function resetPlannerSearch(search: PlannersSearch): PlannersSearch {
  return { planner: search.planner, mileage: search.mileage, size: search.size, auditSize: search.auditSize }
}

/** The service types of the error-alert leads (docs/imports.md: Lexus vehicles' rows make Lexus ones). */
export const TOYOTA_ERROR_ALERT = 'TOYOTA_ERROR_ALERT'
export const LEXUS_ERROR_ALERT = 'LEXUS_ERROR_ALERT'

/** Toyota's error alerts, and Lexus's too when asked. */
export function errorAlertServiceTypes(lexus: boolean): string[] {
  return lexus ? [TOYOTA_ERROR_ALERT, LEXUS_ERROR_ALERT] : [TOYOTA_ERROR_ALERT]
}

export type ErrorAlertSearchBody = NonNullable<ApiRequestBody<'/api/lisa/fea', 'post'>>

/** One page of the error-alert leads: the query key and the call. */
export interface ErrorAlertQuery {
  page: number
  size: number
  body: ErrorAlertSearchBody
}

/**
 * `POST /api/lisa/fea?page=&size=` for the URL: the store (none: every store
 * the user sees), the service types, the customer number as search text, the
 * days the alerts arrived (this list's `startDate`/`endDate`, docs/lead-lists.md),
 * the newest leads first. The planner date and window belong to predictions.
 */
export function errorAlertQuery(search: PlannersSearch): ErrorAlertQuery {
  const body: ErrorAlertSearchBody = {
    serviceTypes: errorAlertServiceTypes(search.lexus ?? false),
    sortBy: 'createdOn',
    sortDirection: 'DESC',
  }
  if (search.store !== undefined) body.storeIds = [search.store]
  if (search.custNo !== undefined) body.searchText = search.custNo
  if (search.alertsFrom !== undefined) body.startDate = search.alertsFrom
  if (search.alertsTo !== undefined) body.endDate = search.alertsTo
  return { page: search.page ?? 0, size: search.size ?? PLANNER_PAGE_SIZE, body }
}
