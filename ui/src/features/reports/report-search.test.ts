import { describe, expect, it } from 'vitest'
import {
  addDays,
  applyReportFilters,
  carriedFilters,
  clearReportDays,
  defaultWindow,
  matchingMonthWindow,
  monthWindow,
  reportRequest,
  reportWindow,
  selectMonthWindow,
  setReportDays,
  validateReportSearch,
  openingSearch,
} from './report-search'

const TODAY = '2026-11-26'

describe('validateReportSearch', () => {
  it('reads every filter', () => {
    expect(
      validateReportSearch({
        store: [3, 1],
        serviceType: ['OIL_CHANGE', 'SVC_7500'],
        from: '2026-11-01',
        to: '2026-11-15',
        customerType: 2,
        page: 3,
        size: 50,
      }),
    ).toEqual({
      store: [3, 1],
      serviceType: ['OIL_CHANGE', 'SVC_7500'],
      from: '2026-11-01',
      to: '2026-11-15',
      window: undefined,
      customerType: 2,
      page: 3,
      size: 50,
    })
  })

  it('reads hand-written lists and numbers', () => {
    expect(validateReportSearch({ store: '4,2,4', serviceType: 'CHECK_UP, STATE_INSPECTION', customerType: '1' })).toMatchObject({
      store: [4, 2],
      serviceType: ['CHECK_UP', 'STATE_INSPECTION'],
      customerType: 1,
    })
  })

  it('keeps a well-formed service type whatever the list, and drops a malformed one', () => {
    expect(validateReportSearch({ serviceType: ['PRE_CSI_LIST', 'oil change', 'OIL_CHANGE_10K'] }).serviceType).toEqual(['PRE_CSI_LIST', 'OIL_CHANGE_10K'])
  })

  it("takes service type 'ALL' as none picked", () => {
    expect(validateReportSearch({ serviceType: ['ALL'] }).serviceType).toBeUndefined()
    expect(validateReportSearch({ serviceType: 'OIL_CHANGE,ALL' }).serviceType).toBeUndefined()
  })

  it('drops what it cannot read, and the defaults', () => {
    expect(
      validateReportSearch({
        store: ['x', -1],
        serviceType: ['oil change'],
        from: '2026-02-30',
        to: 'yesterday',
        window: 'last-year',
        customerType: '3',
        page: 0,
        size: 25,
      }),
    ).toEqual({
      store: undefined,
      serviceType: undefined,
      from: undefined,
      to: undefined,
      window: undefined,
      customerType: undefined,
      page: undefined,
      size: undefined,
    })
  })

  it('offers only the page sizes 25, 50 and 100', () => {
    expect(validateReportSearch({ size: 100 }).size).toBe(100)
    expect(validateReportSearch({ size: 20 }).size).toBeUndefined()
    expect(validateReportSearch({ size: 500 }).size).toBeUndefined()
  })

  it('lets a month window decide the days', () => {
    expect(validateReportSearch({ window: 'last-month', from: '2026-01-01', to: '2026-01-31' })).toMatchObject({
      window: 'last-month',
      from: undefined,
      to: undefined,
    })
  })
})

describe('windows', () => {
  it('defaults to the last 7 days, today included (E-R2)', () => {
    expect(defaultWindow(TODAY)).toEqual({ from: '2026-11-20', to: '2026-11-26' })
    expect(defaultWindow('2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' })
    expect(reportWindow({}, TODAY)).toEqual({ from: '2026-11-20', to: '2026-11-26' })
  })

  it('counts month windows back from this month (E-R1)', () => {
    expect(monthWindow('this-month', TODAY)).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    expect(monthWindow('last-month', TODAY)).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    expect(monthWindow('last-3-months', TODAY)).toEqual({ from: '2026-08-01', to: '2026-10-31' })
    expect(monthWindow('last-6-months', TODAY)).toEqual({ from: '2026-05-01', to: '2026-10-31' })
  })

  it('crosses years and ends months on their last day', () => {
    expect(monthWindow('this-month', '2027-02-14')).toEqual({ from: '2027-02-01', to: '2027-02-28' })
    expect(monthWindow('last-month', '2027-01-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
    expect(monthWindow('last-3-months', '2027-01-01')).toEqual({ from: '2026-10-01', to: '2026-12-31' })
    expect(monthWindow('last-6-months', '2028-03-31')).toEqual({ from: '2027-09-01', to: '2028-02-29' })
    expect(monthWindow('last-month', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
  })

  it('reads the days of a search: window, both days, one day, or the default', () => {
    expect(reportWindow({ window: 'last-month' }, TODAY)).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    expect(reportWindow({ from: '2026-09-01', to: '2026-09-15' }, TODAY)).toEqual({ from: '2026-09-01', to: '2026-09-15' })
    // Only a first day: up to today; only a last day: the 7 days ending then (as the server reads them).
    expect(reportWindow({ from: '2026-11-10' }, TODAY)).toEqual({ from: '2026-11-10', to: TODAY })
    expect(reportWindow({ to: '2026-11-10' }, TODAY)).toEqual({ from: '2026-11-04', to: '2026-11-10' })
  })

  it('knows which month window some days are', () => {
    expect(matchingMonthWindow({ from: '2026-10-01', to: '2026-10-31' }, TODAY)).toBe('last-month')
    expect(matchingMonthWindow({ from: '2026-10-01', to: '2026-10-30' }, TODAY)).toBeUndefined()
  })

  it('adds days across months', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })
})

describe('reportRequest', () => {
  const caller = { enterpriseId: 7 }

  it('always sends the days, and only the filters that are set', () => {
    expect(reportRequest('store-wise', {}, { paged: false, today: TODAY, caller })).toEqual({
      kind: 'store-wise',
      body: { startDate: '2026-11-20', endDate: '2026-11-26', enterpriseId: 7 },
      page: undefined,
    })
    expect(
      reportRequest('funnel', { store: [1, 2], serviceType: ['OIL_CHANGE'], window: 'last-month' }, { paged: false, today: TODAY, caller }).body,
    ).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31', enterpriseId: 7, storeIds: [1, 2], serviceTypes: ['OIL_CHANGE'] })
  })

  it('sends the customer type to the monthly and daily reports only', () => {
    const search = { customerType: 1 as const }
    expect(reportRequest('monthly', search, { paged: false, today: TODAY, caller }).body.customerType).toBe('1')
    expect(reportRequest('daily', search, { paged: false, today: TODAY, caller }).body.customerType).toBe('1')
    expect(reportRequest('store-wise', search, { paged: false, today: TODAY, caller }).body.customerType).toBeUndefined()
  })

  it('pages lists from 0 with 25 rows unless the URL says', () => {
    expect(reportRequest('not-responded', {}, { paged: true, today: TODAY, caller }).page).toEqual({ page: 0, size: 25 })
    expect(reportRequest('not-responded', { page: 2, size: 50 }, { paged: true, today: TODAY, caller }).page).toEqual({ page: 2, size: 50 })
    expect(reportRequest('monthly', { page: 2 }, { paged: false, today: TODAY, caller }).page).toBeUndefined()
  })

  it('adds the demo flag for the demo enterprise (E-R3), and no enterprise for a user without one', () => {
    expect(reportRequest('funnel', {}, { paged: false, today: TODAY, caller: { enterpriseId: 1 } }).body).toMatchObject({
      enterpriseId: 1,
      demoFlag: true,
    })
    const body = reportRequest('funnel', {}, { paged: false, today: TODAY, caller: {} }).body
    expect(body).not.toHaveProperty('enterpriseId')
    expect(body).not.toHaveProperty('demoFlag')
  })
})

describe('changing the filters', () => {
  it('goes back to the first page and drops empty lists', () => {
    expect(applyReportFilters({ page: 3, store: [1] }, { store: [] })).toEqual({ page: undefined, store: undefined })
    expect(applyReportFilters({ page: 3 }, { serviceType: ['ALL'] })).toEqual({ page: undefined, serviceType: undefined })
  })

  it('a month window replaces typed days', () => {
    expect(selectMonthWindow({ from: '2026-01-01', to: '2026-01-31', page: 2 }, 'last-3-months')).toEqual({
      window: 'last-3-months',
      from: undefined,
      to: undefined,
      page: undefined,
    })
  })

  it('a day typed turns the window into days', () => {
    expect(setReportDays({ window: 'last-month' }, { from: '2026-10-05', to: '2026-10-31' }, TODAY)).toEqual({
      window: undefined,
      from: '2026-10-05',
      to: '2026-10-31',
      page: undefined,
    })
    expect(setReportDays({}, { to: '2026-11-25' }, TODAY)).toMatchObject({ from: '2026-11-20', to: '2026-11-25' })
  })

  it('clearing the days brings back the last 7 days', () => {
    expect(clearReportDays({ from: '2026-10-05', to: '2026-10-31', store: [2] })).toEqual({
      store: [2],
      window: undefined,
      from: undefined,
      to: undefined,
      page: undefined,
    })
  })

  it('carries the filters, not the page, to another report', () => {
    expect(carriedFilters({ store: [2], window: 'this-month', customerType: 2, page: 4, size: 50 })).toEqual({
      store: [2],
      serviceType: undefined,
      from: undefined,
      to: undefined,
      window: 'this-month',
      customerType: 2,
      size: 50,
    })
  })
})

describe('openingSearch', () => {
  it('opens a report that reads by months on those months, unless the URL names days', () => {
    expect(openingSearch({}, 6)).toEqual({ window: 'last-6-months' })
    expect(openingSearch({}, undefined)).toEqual({})
    expect(openingSearch({ from: '2026-11-01' }, 6)).toEqual({ from: '2026-11-01' })
    expect(openingSearch({ window: 'this-month' as const }, 6)).toEqual({ window: 'this-month' })
  })
})
