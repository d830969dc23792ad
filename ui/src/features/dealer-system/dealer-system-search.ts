/**
 * The Dealer system screen's URL state:
 * `/dealer-system?store=&tab=&q=&from=&to=&service=&inspections=&page=&size=`.
 * Every value is optional: the first store, the Sales tab, no filter and the
 * first page are the defaults. Each tab reads only its own filters (the search
 * text of Sales and Vehicle lookup, the days of the three record lists, the
 * Sales and Closed checkboxes); anything unreadable, and any filter the tab
 * shown does not have, is left out.
 */
import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { bool, isoDate, nonNegativeInt, oneOf, pageSize, positiveInt, text } from '../../lib/search-params'

/** The tabs, in order. */
export const DEALER_SYSTEM_TABS = [
  { id: 'sales', label: 'Sales' },
  { id: 'closed', label: 'Closed repair orders' },
  { id: 'open', label: 'Open repair orders' },
  { id: 'vehicles', label: 'Vehicle lookup' },
] as const

export type DealerSystemTab = (typeof DEALER_SYSTEM_TABS)[number]['id']

export const DEALER_SYSTEM_TAB_IDS: readonly DealerSystemTab[] = DEALER_SYSTEM_TABS.map((t) => t.id)

export const DEFAULT_DEALER_SYSTEM_TAB: DealerSystemTab = 'sales'

/** Rows a page, unless the URL says otherwise. */
export const DEALER_SYSTEM_PAGE_SIZE = DEFAULT_PAGE_SIZE

/** Longest search text kept from the URL. */
const MAX_SEARCH_LENGTH = 100

export interface DealerSystemSearch {
  /** The store shown (default: the first of the user's stores). */
  store?: number
  /** The tab shown (default: Sales). */
  tab?: DealerSystemTab
  /** Sales: deal number, customer or VIN; Vehicle lookup: VIN (or its last digits), customer number, name or phone. */
  q?: string
  /** First and last day (YYYY-MM-DD, inclusive): sold (Sales), closed (Closed), opened (Open). */
  from?: string
  to?: string
  /** Sales: only those whose vehicle came back for service since. */
  service?: boolean
  /** Closed repair orders: only those with a state inspection. */
  inspections?: boolean
  /** Zero-based page, and rows a page. */
  page?: number
  size?: number
}

/** Which filters each tab has. */
const TAB_FILTERS: Record<DealerSystemTab, { text: boolean; days: boolean; service: boolean; inspections: boolean }> = {
  sales: { text: true, days: true, service: true, inspections: false },
  closed: { text: false, days: true, service: false, inspections: true },
  open: { text: false, days: true, service: false, inspections: false },
  vehicles: { text: true, days: false, service: false, inspections: false },
}

/** The tab a search shows. */
export function shownTab(search: DealerSystemSearch): DealerSystemTab {
  return search.tab ?? DEFAULT_DEALER_SYSTEM_TAB
}

/** The id of a tab's element (its panel is labelled by it). */
export function tabElementId(tab: DealerSystemTab): string {
  return `dealer-system-tab-${tab}`
}

/** The route's search schema: anything unreadable, and the filters the tab does not have, are dropped. */
export function validateDealerSystemSearch(raw: Record<string, unknown>): DealerSystemSearch {
  const tab = oneOf(raw.tab, DEALER_SYSTEM_TAB_IDS)
  const has = TAB_FILTERS[tab ?? DEFAULT_DEALER_SYSTEM_TAB]
  const q = text(raw.q)
  return {
    store: positiveInt(raw.store),
    tab: tab === DEFAULT_DEALER_SYSTEM_TAB ? undefined : tab,
    q: has.text && q !== undefined ? q.slice(0, MAX_SEARCH_LENGTH) : undefined,
    from: has.days ? isoDate(raw.from) : undefined,
    to: has.days ? isoDate(raw.to) : undefined,
    service: has.service && bool(raw.service) === true ? true : undefined,
    inspections: has.inspections && bool(raw.inspections) === true ? true : undefined,
    page: nonNegativeInt(raw.page) || undefined,
    size: pageSize(raw.size),
  }
}

/** The URL of a tab: the store stays, the other tab's filters and the paging go. */
export function tabSearch(search: DealerSystemSearch, tab: DealerSystemTab): DealerSystemSearch {
  return { store: search.store, tab: tab === DEFAULT_DEALER_SYSTEM_TAB ? undefined : tab }
}

/** The URL after picking a store: the tab and its filters stay, paging restarts. */
export function storeSearch(search: DealerSystemSearch, store: number): DealerSystemSearch {
  return { ...search, store, page: undefined }
}

/** The URL after a filter changed: paging restarts; an empty value or an unticked box is left out. */
export function filterSearch(
  search: DealerSystemSearch,
  change: Partial<Pick<DealerSystemSearch, 'q' | 'from' | 'to' | 'service' | 'inspections'>>,
): DealerSystemSearch {
  const next: DealerSystemSearch = { ...search, ...change, page: undefined }
  if (!next.q) next.q = undefined
  if (!next.from) next.from = undefined
  if (!next.to) next.to = undefined
  if (!next.service) next.service = undefined
  if (!next.inspections) next.inspections = undefined
  return next
}
