/**
 * The service-lane screen's URL state:
 * `/service-lane?store=&advisor=&date=&closedDate=&list=&salesDate=&page=&size=`.
 * Every value is optional: the first store, every advisor, the store's today
 * and the sales list's first page are the defaults.
 */
import { isoDate, nonNegativeInt, oneOf, pageSize, positiveInt, text } from '../../lib/search-params'
import { ALL_ADVISORS } from './lane-model'

/** The lists under the board, in tab order. */
export const LANE_LISTS = [
  { id: 'sales', label: 'Sales' },
  { id: 'global-inbox', label: 'Global inbox' },
  { id: 'jobs', label: 'Jobs' },
  { id: 'email-transcripts', label: 'Email transcripts' },
  { id: 'notifications', label: 'Notifications' },
] as const

export type LaneListId = (typeof LANE_LISTS)[number]['id']

export const LANE_LIST_IDS: readonly LaneListId[] = LANE_LISTS.map((l) => l.id)

export const DEFAULT_LANE_LIST: LaneListId = 'sales'

/** Rows a page of the lists under the board, unless the URL says otherwise. */
export const LANE_LIST_PAGE_SIZE = 10

export interface ServiceLaneSearch {
  /** The store shown (default: the first the user may see). */
  store?: number
  /** An advisor number (default: every advisor, ALL). */
  advisor?: string
  /** The appointments lane's day, YYYY-MM-DD (default: the store's today). */
  date?: string
  /** The closed lane's day, YYYY-MM-DD (default: the store's today). */
  closedDate?: string
  /** The list shown under the board (default: sales). */
  list?: LaneListId
  /** The sales list's day, YYYY-MM-DD (default: the store's today). */
  salesDate?: string
  /** The shown list's page (0-based) and size. */
  page?: number
  size?: number
}

/** An advisor number as the URL may carry it: a short code; ALL is the default and left out. */
function advisorNo(value: unknown): string | undefined {
  const no = text(value)
  return no && no !== ALL_ADVISORS && /^[\w.-]{1,40}$/.test(no) ? no : undefined
}

/** The route's search schema: anything unreadable is dropped. */
export function validateServiceLaneSearch(raw: Record<string, unknown>): ServiceLaneSearch {
  return {
    store: positiveInt(raw.store),
    advisor: advisorNo(raw.advisor),
    date: isoDate(raw.date),
    closedDate: isoDate(raw.closedDate),
    list: oneOf(raw.list, LANE_LIST_IDS),
    salesDate: isoDate(raw.salesDate),
    page: nonNegativeInt(raw.page),
    size: pageSize(raw.size),
  }
}
