import { describe, expect, it } from 'vitest'
import {
  addDays,
  applyPlannerFilters,
  auditQuery,
  candidateQuery,
  errorAlertQuery,
  errorAlertServiceTypes,
  plannerRequest,
  plannerWindow,
  resetPlannerSearch,
  selectMileage,
  selectPlannerView,
  toPlannerDate,
  validatePlannersSearch,
} from './planner-search'

const TODAY = '2026-11-22'

describe('planner dates', () => {
  it('are sent as DD.MM.YYYY', () => {
    expect(toPlannerDate('2026-11-22')).toBe('22.11.2026')
    expect(toPlannerDate('2027-01-05')).toBe('05.01.2027')
  })

  it('move by whole days across months, years and leap days', () => {
    expect(addDays('2026-11-22', 30)).toBe('2026-12-22')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22')
  })
})

describe('validatePlannersSearch', () => {
  it('reads every part, numbers from text too', () => {
    expect(
      validatePlannersSearch({
        planner: 'mileage',
        mileage: '45000',
        store: '3',
        date: '2026-12-01',
        minDays: '-3650',
        maxDays: 3650,
        custNo: ' C0000013 ',
        hardRun: 'true',
        page: 2,
        size: 500,
        auditPage: '1',
        auditSize: 50,
      }),
    ).toEqual({
      planner: 'mileage',
      mileage: 45_000,
      store: 3,
      date: '2026-12-01',
      minDays: -3650,
      maxDays: 3650,
      custNo: 'C0000013',
      hardRun: true,
      page: 2,
      size: 500,
      auditPage: 1,
      auditSize: 50,
    })
  })

  it('drops defaults and anything unreadable', () => {
    const defaults = validatePlannersSearch({ planner: '0k', minDays: 0, maxDays: '30', hardRun: false, page: 0, mileage: 30000 })
    expect(Object.values(defaults).every((v) => v === undefined)).toBe(true)
    const nonsense = validatePlannersSearch({
      planner: 'toyota-error-alerts',
      store: -1,
      date: '31.02.2026',
      minDays: 'soon',
      maxDays: 1.5,
      size: 1000,
      auditSize: 500,
    })
    expect(Object.values(nonsense).every((v) => v === undefined)).toBe(true)
  })

  it('keeps a milestone only for "Any mileage", and only a real one', () => {
    expect(validatePlannersSearch({ planner: '10k', mileage: 45000 }).mileage).toBeUndefined()
    expect(validatePlannersSearch({ mileage: 45000 }).mileage).toBeUndefined()
    expect(validatePlannersSearch({ planner: 'mileage', mileage: 46000 }).mileage).toBeUndefined()
    expect(validatePlannersSearch({ planner: 'mileage', mileage: 130000 }).mileage).toBe(130_000)
  })
})

describe('the Toyota error alert view', () => {
  it('is a planner the URL takes, with Lexus only there', () => {
    expect(validatePlannersSearch({ planner: 'toyota-error-alert', lexus: 'true', store: '2' })).toMatchObject({
      planner: 'toyota-error-alert',
      lexus: true,
      store: 2,
    })
    expect(validatePlannersSearch({ planner: 'toyota-error-alert', lexus: false }).lexus).toBeUndefined()
    expect(validatePlannersSearch({ planner: '10k', lexus: true }).lexus).toBeUndefined()
    expect(validatePlannersSearch({ lexus: true }).lexus).toBeUndefined()
  })

  it('asks Toyota error alerts, and Lexus ones too when asked', () => {
    expect(errorAlertServiceTypes(false)).toEqual(['TOYOTA_ERROR_ALERT'])
    expect(errorAlertServiceTypes(true)).toEqual(['TOYOTA_ERROR_ALERT', 'LEXUS_ERROR_ALERT'])
  })

  it('lists every store by default, newest first, the first page', () => {
    expect(errorAlertQuery({ planner: 'toyota-error-alert' })).toEqual({
      page: 0,
      size: 20,
      body: { serviceTypes: ['TOYOTA_ERROR_ALERT'], sortBy: 'createdOn', sortDirection: 'DESC' },
    })
  })

  it("sends the store, Lexus, the customer as search text and the page, but not the planner's window", () => {
    const search = validatePlannersSearch({
      planner: 'toyota-error-alert',
      lexus: true,
      store: 3,
      custNo: 'C1',
      date: '2026-01-31',
      minDays: -10,
      maxDays: 90,
      page: 2,
      size: 50,
    })
    expect(errorAlertQuery(search)).toEqual({
      page: 2,
      size: 50,
      body: {
        serviceTypes: ['TOYOTA_ERROR_ALERT', 'LEXUS_ERROR_ALERT'],
        storeIds: [3],
        searchText: 'C1',
        sortBy: 'createdOn',
        sortDirection: 'DESC',
      },
    })
  })

  it('sends the days the alerts arrived, only in the error-alert view', () => {
    const search = validatePlannersSearch({ planner: 'toyota-error-alert', alertsFrom: '2026-11-01', alertsTo: '2026-11-30' })
    expect(errorAlertQuery(search).body).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30' })
    expect(validatePlannersSearch({ planner: '10k', alertsFrom: '2026-11-01' }).alertsFrom).toBeUndefined()
    expect(validatePlannersSearch({ planner: 'toyota-error-alert', alertsFrom: 'yesterday' }).alertsFrom).toBeUndefined()
    expect(selectPlannerView(search, '10k').alertsFrom).toBeUndefined()
  })

  it('keeps Lexus while the view stays, and drops it on leaving the view or on Reset', () => {
    const search = { planner: 'toyota-error-alert' as const, lexus: true as const, store: 1, page: 2 }
    expect(selectPlannerView(search, 'toyota-error-alert')).toEqual({ planner: 'toyota-error-alert', lexus: true, store: 1 })
    expect(selectPlannerView(search, '10k')).toEqual({ planner: '10k', store: 1 })
    expect(applyPlannerFilters(search, { store: 1, lexus: undefined })).toEqual({ planner: 'toyota-error-alert', store: 1 })
    expect(applyPlannerFilters({ planner: 'toyota-error-alert' }, { lexus: true })).toEqual({ planner: 'toyota-error-alert', lexus: true })
    expect(resetPlannerSearch(search).lexus).toBeUndefined()
  })
})

describe('candidateQuery', () => {
  it('sends the defaults: today, 0 to 30 days, every store, the first page', () => {
    expect(candidateQuery({}, TODAY)).toEqual({
      view: '0k',
      page: 0,
      size: 20,
      params: { plannerDate: '22.11.2026', minDays: 0, maxDays: 30 },
    })
  })

  it('sends what the URL sets, the date as DD.MM.YYYY and the milestone of "Any mileage"', () => {
    const search = validatePlannersSearch({
      planner: 'mileage',
      mileage: 60000,
      store: 1,
      date: '2026-01-31',
      minDays: -10,
      maxDays: 90,
      custNo: 'C1',
      hardRun: true,
      page: 3,
      size: 100,
    })
    expect(candidateQuery(search, TODAY)).toEqual({
      view: 'mileage',
      page: 3,
      size: 100,
      params: { store_id: 1, plannerDate: '31.01.2026', minDays: -10, maxDays: 90, cust_no: 'C1', hardRun: true, mileage: 60_000 },
    })
  })

  it('names the window and the audits of the request', () => {
    const search = { planner: '10k' as const, minDays: -3, maxDays: 7 }
    expect(plannerWindow(plannerRequest(search, TODAY))).toEqual({ from: '2026-11-19', to: '2026-11-29' })
    expect(auditQuery({ ...search, auditPage: 2 })).toEqual({ plannerName: '10K', page: 2, size: 10 })
    expect(auditQuery({ planner: 'mileage', mileage: 75_000 }).plannerName).toBe('75K')
  })
})

describe('URL changes', () => {
  it('picking a planner keeps the filters and page sizes, and goes back to the first pages', () => {
    const search = { planner: 'mileage' as const, mileage: 45_000, store: 1, minDays: -5, page: 2, size: 50, auditPage: 1 }
    expect(selectPlannerView(search, '10k')).toEqual({ planner: '10k', store: 1, minDays: -5, size: 50 })
    expect(selectPlannerView(search, '0k').planner).toBeUndefined()
    expect(selectPlannerView(search, 'mileage').mileage).toBe(45_000)
    expect(selectMileage(search, 30_000)).toEqual({ planner: 'mileage', store: 1, minDays: -5, size: 50 })
  })

  it('changing filters leaves defaults out and goes back to the first page', () => {
    const next = applyPlannerFilters({ planner: '5k', page: 4, custNo: 'C1' }, { minDays: 0, maxDays: 60, hardRun: undefined, store: 2 })
    expect(next).toEqual({ planner: '5k', store: 2, maxDays: 60 })
  })

  it('Reset keeps the planner and page sizes and clears the rest', () => {
    const search = { planner: 'mileage' as const, mileage: 45_000, store: 1, date: '2026-01-01', minDays: 9, maxDays: 1, custNo: 'X', hardRun: true as const, page: 2, size: 50, auditPage: 3 }
    expect(resetPlannerSearch(search)).toEqual({ planner: 'mileage', mileage: 45_000, size: 50, auditSize: undefined })
  })
})
