/**
 * The calls behind the Dealer system tabs, as plain data: each tab's query (its
 * cache key too) from the store and the URL, and the request that query makes.
 * Days go as YYYY-MM-DD; a filter not set is not sent, and the server's own
 * defaults apply.
 */
import type { QueryValue } from '../../lib/api-client'
import type { ApiRequestBody } from '../../lib/api-types'
import { DEALER_SYSTEM_PAGE_SIZE, type DealerSystemSearch } from './dealer-system-search'

/**
 * The vehicle lookup's shortest search: the server refuses a shorter one
 * (400), so the screen asks for more instead of calling.
 */
export const VEHICLE_SEARCH_MIN_LENGTH = 3

/** A store, with the dealer (BOC) the paths name it under. */
export interface DealerStore {
  bocId: number
  storeId: number
}

interface Paging {
  page: number
  size: number
}

export interface SalesQuery extends DealerStore, Paging {
  text?: string
  /** First and last sold day, YYYY-MM-DD. */
  from?: string
  to?: string
  /** Only sales whose vehicle came back for service since. */
  withService: boolean
}

export interface ClosedRepairOrdersQuery extends DealerStore, Paging {
  /** First and last closed day, YYYY-MM-DD. */
  from?: string
  to?: string
  /** Only repair orders with a state inspection. */
  inspectionsOnly: boolean
}

export interface OpenRepairOrdersQuery extends DealerStore, Paging {
  /** First and last opened day, YYYY-MM-DD. */
  from?: string
  to?: string
}

export interface VehicleSearchQuery extends DealerStore, Paging {
  text: string
}

/** One call: where, with which query string and (for a POST) which body. */
export interface DealerSystemRequest<TBody = undefined> {
  method: 'GET' | 'POST'
  path: string
  query: Record<string, QueryValue>
  body: TBody
}

export type SaleSearchBody = ApiRequestBody<'/api/boc/{bocId}/store/{storeId}/sales/search', 'post'>
export type RepairOrderSearchBody = ApiRequestBody<'/api/boc/{bocId}/store/{storeId}/service-closed/search-by-date', 'post'>

function paging(search: DealerSystemSearch): Paging {
  return { page: search.page ?? 0, size: search.size ?? DEALER_SYSTEM_PAGE_SIZE }
}

function storePath(prefix: string, { bocId, storeId }: DealerStore, rest: string): string {
  return `${prefix}/${encodeURIComponent(bocId)}/store/${encodeURIComponent(storeId)}/${rest}`
}

export function salesQuery(store: DealerStore, search: DealerSystemSearch): SalesQuery {
  return { ...store, text: search.q, from: search.from, to: search.to, withService: search.service === true, ...paging(search) }
}

/**
 * POST /api/boc/{bocId}/store/{storeId}/sales/search?page=&size= `{searchText, startSoldDate, endSoldDate}`;
 * with "came back for service", POST /api/boc/{boc}/store/{store}/sales/search-sales-with-closed-service
 * with the sold days in the query string instead.
 */
export function salesRequest(q: SalesQuery): DealerSystemRequest<SaleSearchBody> {
  if (q.withService) {
    return {
      method: 'POST',
      path: storePath('/api/boc', q, 'sales/search-sales-with-closed-service'),
      query: { start_sold_date: q.from, end_sold_date: q.to, page: q.page, size: q.size },
      body: { searchText: q.text },
    }
  }
  return {
    method: 'POST',
    path: storePath('/api/boc', q, 'sales/search'),
    query: { page: q.page, size: q.size },
    body: { searchText: q.text, startSoldDate: q.from, endSoldDate: q.to },
  }
}

export function closedRepairOrdersQuery(store: DealerStore, search: DealerSystemSearch): ClosedRepairOrdersQuery {
  return { ...store, from: search.from, to: search.to, inspectionsOnly: search.inspections === true, ...paging(search) }
}

/**
 * POST /api/boc/{bocId}/store/{storeId}/service-closed/search-by-date?page=&size= `{startDate, endDate}`;
 * state inspections only: …/service-closed/state-inspection-report, the same way.
 */
export function closedRepairOrdersRequest(q: ClosedRepairOrdersQuery): DealerSystemRequest<RepairOrderSearchBody> {
  return {
    method: 'POST',
    path: storePath('/api/boc', q, q.inspectionsOnly ? 'service-closed/state-inspection-report' : 'service-closed/search-by-date'),
    query: { page: q.page, size: q.size },
    body: { startDate: q.from, endDate: q.to },
  }
}

export function openRepairOrdersQuery(store: DealerStore, search: DealerSystemSearch): OpenRepairOrdersQuery {
  return { ...store, from: search.from, to: search.to, ...paging(search) }
}

/** GET /api/service-open/boc/{bocId}/store/{storeId}/search-by-date?start_date=&end_date=&page=&size= */
export function openRepairOrdersRequest(q: OpenRepairOrdersQuery): DealerSystemRequest {
  return {
    method: 'GET',
    path: storePath('/api/service-open/boc', q, 'search-by-date'),
    query: { start_date: q.from, end_date: q.to, page: q.page, size: q.size },
    body: undefined,
  }
}

/** Whether `text` is long enough for the vehicle lookup. */
export function isVehicleSearchReady(text: string | undefined): text is string {
  return (text?.trim().length ?? 0) >= VEHICLE_SEARCH_MIN_LENGTH
}

/** The lookup's query; undefined (no call) until the search is long enough. */
export function vehicleSearchQuery(store: DealerStore, search: DealerSystemSearch): VehicleSearchQuery | undefined {
  return isVehicleSearchReady(search.q) ? { ...store, text: search.q.trim(), ...paging(search) } : undefined
}

/** GET /api/boc/{bocId}/store/{storeId}/vehicles/search?search=&page=&size= */
export function vehicleSearchRequest(q: VehicleSearchQuery): DealerSystemRequest {
  return {
    method: 'GET',
    path: storePath('/api/boc', q, 'vehicles/search'),
    query: { search: q.text, page: q.page, size: q.size },
    body: undefined,
  }
}
