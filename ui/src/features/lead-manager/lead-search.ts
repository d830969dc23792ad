/**
 * The lead manager's URL state and the search it sends: the route's search
 * schema (`validateLeadManagerSearch`) and the list call a URL stands for
 * (`leadListQuery`), with the common search payload of docs/lead-lists.md.
 */
import type { ApiRequestBody } from '../../lib/api-types'
import { LEAD_PAGE_SIZE, MAX_PAGE_SIZE } from '../../lib/config'
import { bool, isoDate, nonNegativeInt, oneOf, pageSize, positiveInt, positiveIntList, text } from '../../lib/search-params'
import { serviceTypeList } from '../../lib/service-types'
import { DEFAULT_LEAD_VIEW, LEAD_VIEW_IDS, leadView, type LeadView, type LeadViewId } from './lead-views'

export type LeadSearchBody = ApiRequestBody<'/api/future-service-interaction/custom-search', 'post'>

/** What the lists sort by (`sortBy`). */
export const LEAD_SORT_KEYS = [
  'lastMessage',
  'lastMessageReceivedDate',
  'plannedDate',
  'createdOn',
  'customerName',
  'totalUnreadCount',
] as const
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number]

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

/** `/leadmanager?…` — every part optional; absent means the default. */
export interface LeadManagerSearch {
  view?: LeadViewId
  /** Zero-based page. */
  page?: number
  size?: number
  sortBy?: LeadSortKey
  sortDirection?: SortDirection
  /** Store ids (none: all of the user's). */
  store?: number[]
  /** Service type codes (none: every type); the filter offers the server's list (the template catalogue's). */
  serviceType?: string[]
  /** First day, YYYY-MM-DD, of the view's own date. */
  from?: string
  /** Last day, YYYY-MM-DD, inclusive. */
  to?: string
  /** Customer name, phone digits, VIN or customer number. */
  search?: string
  /** Only leads with unread customer messages. */
  unread?: true
  /** Only leads with the assistant on (true) or off (false). */
  ai?: boolean
  /** Deep link (spec section 2): open this lead's conversation, then drop it from the URL. */
  future_service_interaction_id?: number
}

/** The route's search schema: anything unreadable is dropped. */
export function validateLeadManagerSearch(raw: Record<string, unknown>): LeadManagerSearch {
  const sortBy = oneOf(raw.sortBy, LEAD_SORT_KEYS)
  const view = oneOf(raw.view, LEAD_VIEW_IDS)
  return {
    view: view === DEFAULT_LEAD_VIEW ? undefined : view,
    page: nonNegativeInt(raw.page) || undefined,
    size: pageSize(raw.size, MAX_PAGE_SIZE),
    sortBy,
    sortDirection: sortBy ? oneOf(typeof raw.sortDirection === 'string' ? raw.sortDirection.toUpperCase() : undefined, SORT_DIRECTIONS) : undefined,
    store: positiveIntList(raw.store),
    serviceType: serviceTypeList(raw.serviceType),
    from: isoDate(raw.from),
    to: isoDate(raw.to),
    search: text(raw.search),
    unread: bool(raw.unread) || undefined,
    ai: bool(raw.ai),
    future_service_interaction_id: positiveInt(raw.future_service_interaction_id),
  }
}

/**
 * The search payload for a view and the URL's filters. Only what is set is
 * sent. When no store is picked none is sent either, so the server takes all
 * of the caller's: the spec's fallback ids (dealers 2 and 3, stores 3 and 8)
 * belong to the original product's data, and here they would answer 404 to
 * anyone outside those stores.
 */
export function buildLeadSearchBody(search: LeadManagerSearch, view: LeadView = leadView(search.view)): LeadSearchBody {
  const omitted = new Set<string>(view.omit ?? [])
  const body: LeadSearchBody = {
    ...view.extraBody,
    storeIds: search.store,
    serviceTypes: omitted.has('serviceTypes') ? undefined : search.serviceType,
    startDate: omitted.has('startDate') ? undefined : search.from,
    endDate: omitted.has('startDate') ? undefined : search.to,
    searchText: search.search,
    unreadOnly: search.unread,
    aiEnabled: search.ai,
    sortBy: search.sortBy,
    sortDirection: search.sortBy ? search.sortDirection : undefined,
  }
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as LeadSearchBody
}

/** One page of one view: the query key and the call. */
export interface LeadListQuery {
  view: LeadViewId
  page: number
  size: number
  body: LeadSearchBody
}

export function leadListQuery(search: LeadManagerSearch): LeadListQuery {
  const view = leadView(search.view)
  return {
    view: view.id as LeadViewId,
    page: search.page ?? 0,
    size: search.size ?? LEAD_PAGE_SIZE,
    body: buildLeadSearchBody(search, view),
  }
}

/** The order the headers show: the URL's, else the view's own (none when no column shows it). */
export function shownSort(search: LeadManagerSearch, view: LeadView = leadView(search.view)): { id: LeadSortKey; desc: boolean } | undefined {
  if (search.sortBy) {
    const desc = search.sortDirection ? search.sortDirection === 'DESC' : view.defaultSort?.sortBy === search.sortBy ? view.defaultSort.desc : true
    return { id: search.sortBy, desc }
  }
  return view.defaultSort ? { id: view.defaultSort.sortBy, desc: view.defaultSort.desc } : undefined
}

/** The filters of the URL, without view, paging, sort and deep link. */
export type LeadFilterValues = Pick<LeadManagerSearch, 'store' | 'serviceType' | 'from' | 'to' | 'search' | 'unread' | 'ai'>

export function hasLeadFilters(search: LeadFilterValues): boolean {
  return !!(search.store || search.serviceType || search.from || search.to || search.search || search.unread || search.ai !== undefined)
}

/** The URL after picking another view: filters and page size stay; page, sort and a deep link go. */
export function selectView(search: LeadManagerSearch, view: LeadViewId): LeadManagerSearch {
  const next: LeadManagerSearch = { ...search, view: view === DEFAULT_LEAD_VIEW ? undefined : view }
  delete next.page
  delete next.sortBy
  delete next.sortDirection
  delete next.future_service_interaction_id
  return next
}

/** The filters of a URL. */
export function leadFilters(search: LeadManagerSearch): LeadFilterValues {
  const { store, serviceType, from, to, search: text, unread, ai } = search
  return { store, serviceType, from, to, search: text, unread, ai }
}

/** The URL with `filters` in place of the current ones (absent ones are cleared), back on the first page. */
export function applyFilters(search: LeadManagerSearch, filters: LeadFilterValues): LeadManagerSearch {
  return {
    ...search,
    store: filters.store,
    serviceType: filters.serviceType,
    from: filters.from,
    to: filters.to,
    search: filters.search,
    unread: filters.unread,
    ai: filters.ai,
    page: undefined,
  }
}
