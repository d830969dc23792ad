import { describe, expect, it } from 'vitest'
import { filterSearch, shownTab, storeSearch, tabElementId, tabSearch, validateDealerSystemSearch } from './dealer-system-search'

describe('the Dealer system URL', () => {
  it('keeps the store, the Sales filters and paging; the Sales tab is the default and left out', () => {
    expect(
      validateDealerSystemSearch({ store: '3', tab: 'sales', q: ' D1-0000042 ', from: '2026-01-01', to: '2026-01-31', service: 'true', page: 2, size: 50 }),
    ).toEqual({ store: 3, tab: undefined, q: 'D1-0000042', from: '2026-01-01', to: '2026-01-31', service: true, inspections: undefined, page: 2, size: 50 })
  })

  it('drops what it cannot read, the first page and an unticked box', () => {
    expect(validateDealerSystemSearch({ store: 'x', tab: 'warranty', q: '  ', from: '2026-02-30', to: '31.01.2026', service: false, page: 0, size: 1000 })).toEqual({
      store: undefined,
      tab: undefined,
      q: undefined,
      from: undefined,
      to: undefined,
      service: undefined,
      inspections: undefined,
      page: undefined,
      size: undefined,
    })
  })

  it("keeps only the filters of the tab shown", () => {
    const raw = { q: 'smith', from: '2026-03-01', to: '2026-03-02', service: true, inspections: true }
    expect(validateDealerSystemSearch({ ...raw, tab: 'closed' })).toMatchObject({ tab: 'closed', q: undefined, from: '2026-03-01', to: '2026-03-02', service: undefined, inspections: true })
    expect(validateDealerSystemSearch({ ...raw, tab: 'open' })).toMatchObject({ tab: 'open', q: undefined, from: '2026-03-01', service: undefined, inspections: undefined })
    expect(validateDealerSystemSearch({ ...raw, tab: 'vehicles' })).toMatchObject({ tab: 'vehicles', q: 'smith', from: undefined, to: undefined, service: undefined, inspections: undefined })
    expect(validateDealerSystemSearch(raw)).toMatchObject({ q: 'smith', service: true, inspections: undefined })
  })

  it('reads a number typed into the search as text, and cuts a very long search', () => {
    expect(validateDealerSystemSearch({ tab: 'vehicles', q: 123456 }).q).toBe('123456')
    expect(validateDealerSystemSearch({ q: 'x'.repeat(500) }).q).toHaveLength(100)
  })

  it('shows Sales unless the URL names another tab', () => {
    expect(shownTab({})).toBe('sales')
    expect(shownTab({ tab: 'vehicles' })).toBe('vehicles')
    expect(tabElementId('closed')).toBe('dealer-system-tab-closed')
  })

  it("opens a tab with the store kept and the other tab's filters and paging gone", () => {
    expect(tabSearch({ store: 4, q: 'smith', from: '2026-03-01', service: true, page: 3, size: 50 }, 'closed')).toEqual({ store: 4, tab: 'closed' })
    expect(tabSearch({ store: 4, tab: 'open' }, 'sales')).toEqual({ store: 4, tab: undefined })
  })

  it('picks a store keeping the tab and its filters, back on the first page', () => {
    expect(storeSearch({ store: 4, tab: 'closed', inspections: true, page: 3, size: 50 }, 7)).toEqual({ store: 7, tab: 'closed', inspections: true, page: undefined, size: 50 })
  })

  it('changes a filter back on the first page, leaving out what is empty or unticked', () => {
    expect(filterSearch({ store: 4, q: 'smith', page: 3 }, { q: '' })).toEqual({ store: 4, q: undefined, page: undefined })
    expect(filterSearch({ store: 4, service: true }, { service: false })).toEqual({ store: 4, service: undefined, page: undefined })
    expect(filterSearch({ tab: 'closed' }, { from: '2026-03-01', to: undefined, inspections: true })).toEqual({
      tab: 'closed',
      from: '2026-03-01',
      to: undefined,
      inspections: true,
      page: undefined,
    })
  })
})
