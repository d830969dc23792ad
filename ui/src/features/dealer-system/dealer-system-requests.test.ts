import { describe, expect, it } from 'vitest'
import {
  closedRepairOrdersQuery,
  closedRepairOrdersRequest,
  isVehicleSearchReady,
  openRepairOrdersQuery,
  openRepairOrdersRequest,
  salesQuery,
  salesRequest,
  vehicleSearchQuery,
  vehicleSearchRequest,
} from './dealer-system-requests'

const store = { bocId: 2, storeId: 5 }

describe('the sales call', () => {
  it('searches a page of the store by text and sold days, the days in the body', () => {
    const query = salesQuery(store, { q: 'smith', from: '2026-01-01', to: '2026-01-31', page: 1, size: 50 })
    expect(query).toEqual({ bocId: 2, storeId: 5, text: 'smith', from: '2026-01-01', to: '2026-01-31', withService: false, page: 1, size: 50 })
    expect(salesRequest(query)).toEqual({
      method: 'POST',
      path: '/api/boc/2/store/5/sales/search',
      query: { page: 1, size: 50 },
      body: { searchText: 'smith', startSoldDate: '2026-01-01', endSoldDate: '2026-01-31' },
    })
  })

  it('starts on the first page of 20, and sends no filter that is not set', () => {
    const request = salesRequest(salesQuery(store, {}))
    expect(request.query).toEqual({ page: 0, size: 20 })
    expect(JSON.parse(JSON.stringify(request.body))).toEqual({})
  })

  it('with "came back for service" asks the other search, the sold days in the query string', () => {
    const query = salesQuery(store, { q: 'VIN123', from: '2025-06-01', to: '2025-06-30', service: true })
    expect(salesRequest(query)).toEqual({
      method: 'POST',
      path: '/api/boc/2/store/5/sales/search-sales-with-closed-service',
      query: { start_sold_date: '2025-06-01', end_sold_date: '2025-06-30', page: 0, size: 20 },
      body: { searchText: 'VIN123' },
    })
  })
})

describe('the repair order calls', () => {
  it('searches closed orders by closed days', () => {
    const query = closedRepairOrdersQuery(store, { from: '2026-02-01', to: '2026-02-02', page: 2 })
    expect(query).toEqual({ bocId: 2, storeId: 5, from: '2026-02-01', to: '2026-02-02', inspectionsOnly: false, page: 2, size: 20 })
    expect(closedRepairOrdersRequest(query)).toEqual({
      method: 'POST',
      path: '/api/boc/2/store/5/service-closed/search-by-date',
      query: { page: 2, size: 20 },
      body: { startDate: '2026-02-01', endDate: '2026-02-02' },
    })
  })

  it('asks the state-inspection report when only inspections are wanted', () => {
    const request = closedRepairOrdersRequest(closedRepairOrdersQuery(store, { inspections: true }))
    expect(request.path).toBe('/api/boc/2/store/5/service-closed/state-inspection-report')
    expect(request.method).toBe('POST')
  })

  it('gets open orders with the opened days in the query string', () => {
    expect(openRepairOrdersRequest(openRepairOrdersQuery(store, { from: '2026-02-01', size: 10 }))).toEqual({
      method: 'GET',
      path: '/api/service-open/boc/2/store/5/search-by-date',
      query: { start_date: '2026-02-01', end_date: undefined, page: 0, size: 10 },
      body: undefined,
    })
  })
})

describe('the vehicle lookup call', () => {
  it('waits for three characters, as the server asks', () => {
    expect(isVehicleSearchReady(undefined)).toBe(false)
    expect(isVehicleSearchReady(' ab ')).toBe(false)
    expect(isVehicleSearchReady('abc')).toBe(true)
    expect(vehicleSearchQuery(store, { q: 'ab' })).toBeUndefined()
  })

  it('looks up a page of the store by the search', () => {
    const query = vehicleSearchQuery(store, { q: '123456', page: 1 })
    expect(query).toEqual({ bocId: 2, storeId: 5, text: '123456', page: 1, size: 20 })
    expect(vehicleSearchRequest(query!)).toEqual({
      method: 'GET',
      path: '/api/boc/2/store/5/vehicles/search',
      query: { search: '123456', page: 1, size: 20 },
      body: undefined,
    })
  })
})
