import { describe, expect, it } from 'vitest'
import { applyFilters, buildLeadSearchBody, hasLeadFilters, leadFilters, selectView, validateLeadManagerSearch } from './lead-search'

describe('validateLeadManagerSearch (the URL schema)', () => {
  it('reads every part', () => {
    expect(
      validateLeadManagerSearch({
        view: 'gi',
        page: '2',
        size: 100,
        sortBy: 'customerName',
        sortDirection: 'asc',
        store: [3, 8],
        serviceType: ['OIL_CHANGE', 'CHECK_UP'],
        from: '2026-11-01',
        to: '2026-11-30',
        search: ' Flores ',
        unread: true,
        ai: false,
        future_service_interaction_id: '38',
      }),
    ).toEqual({
      view: 'gi',
      page: 2,
      size: 100,
      sortBy: 'customerName',
      sortDirection: 'ASC',
      store: [3, 8],
      serviceType: ['OIL_CHANGE', 'CHECK_UP'],
      from: '2026-11-01',
      to: '2026-11-30',
      search: 'Flores',
      unread: true,
      ai: false,
      future_service_interaction_id: 38,
    })
  })

  it('drops what is unreadable, and defaults so that the plain address stays plain', () => {
    const parsed = validateLeadManagerSearch({
      view: 'lead-manager',
      page: 0,
      size: 501,
      sortBy: 'vin',
      sortDirection: 'DESC',
      store: ['x', -1],
      serviceType: ['oil change', 'Oil_Change', '7500', ''],
      from: '2026-02-30',
      to: '30.11.2026',
      search: '   ',
      unread: false,
      ai: 'maybe',
      future_service_interaction_id: 0,
    })
    expect(Object.values(parsed).every((v) => v === undefined)).toBe(true)
  })

  it("keeps service types by their form, not by a list: the server's list is the catalogue's, not the URL schema's", () => {
    // Well formed but listed nowhere in the UI: kept, trimmed, once each, in the order given.
    expect(validateLeadManagerSearch({ serviceType: ['PRE_CSI_LIST', ' OIL_CHANGE_10K ', 'PRE_CSI_LIST'] }).serviceType).toEqual([
      'PRE_CSI_LIST',
      'OIL_CHANGE_10K',
    ])
    // Malformed ones are dropped, the rest kept.
    expect(validateLeadManagerSearch({ serviceType: 'FIRST_SERVICE_GMC,oil change,<b>,RECALL' }).serviceType).toEqual([
      'FIRST_SERVICE_GMC',
      'RECALL',
    ])
    expect(validateLeadManagerSearch({ serviceType: ['oil change', 42, null] }).serviceType).toBeUndefined()
  })

  it('takes hand-written lists and a direction only with a sort', () => {
    expect(validateLeadManagerSearch({ store: '1,2', serviceType: 'SVC_7500', sortDirection: 'ASC' })).toMatchObject({
      store: [1, 2],
      serviceType: ['SVC_7500'],
      sortDirection: undefined,
    })
    expect(validateLeadManagerSearch({ size: 500 }).size).toBe(500)
  })
})

describe('buildLeadSearchBody (the search payload)', () => {
  it('sends the filters under the payload names of docs/lead-lists.md', () => {
    expect(
      buildLeadSearchBody({
        store: [1],
        serviceType: ['OIL_CHANGE'],
        from: '2026-11-01',
        to: '2026-11-30',
        search: '4104289795',
        unread: true,
        ai: false,
        sortBy: 'totalUnreadCount',
        sortDirection: 'DESC',
        page: 3,
        size: 20,
        future_service_interaction_id: 9,
      }),
    ).toEqual({
      storeIds: [1],
      serviceTypes: ['OIL_CHANGE'],
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      searchText: '4104289795',
      unreadOnly: true,
      aiEnabled: false,
      sortBy: 'totalUnreadCount',
      sortDirection: 'DESC',
    })
  })

  it('sends nothing unset: no store means all of the caller\'s (not the spec\'s sample ids)', () => {
    expect(buildLeadSearchBody({})).toEqual({})
    expect(buildLeadSearchBody({ ai: true })).toEqual({ aiEnabled: true })
  })
})

describe('URL changes', () => {
  const search = {
    view: 'gi' as const,
    page: 4,
    size: 50,
    sortBy: 'customerName' as const,
    sortDirection: 'ASC' as const,
    search: 'Flores',
    unread: true as const,
    future_service_interaction_id: 7,
  }

  it('another view keeps the filters and page size, and starts over on its own order', () => {
    expect(selectView(search, 'contact-later')).toEqual({ view: 'contact-later', size: 50, search: 'Flores', unread: true })
    expect(selectView(search, 'lead-manager')).toEqual({ view: undefined, size: 50, search: 'Flores', unread: true })
  })

  it('new filters replace all the old ones and go back to the first page', () => {
    expect(leadFilters(search)).toEqual({ search: 'Flores', unread: true })
    expect(applyFilters(search, { ai: true })).toMatchObject({ view: 'gi', size: 50, sortBy: 'customerName', ai: true, page: undefined })
    expect(applyFilters(search, {}).search).toBeUndefined()
    expect(hasLeadFilters({})).toBe(false)
    expect(hasLeadFilters({ ai: false })).toBe(true)
  })
})
