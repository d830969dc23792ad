import { describe, expect, it } from 'vitest'
import { validateServiceLaneSearch } from './lane-search'

describe('validateServiceLaneSearch', () => {
  it('keeps what it can read', () => {
    expect(
      validateServiceLaneSearch({ store: 4, advisor: 3, date: '2026-11-27', closedDate: '2026-11-20', list: 'jobs', salesDate: '2026-11-01', page: 2, size: 20 }),
    ).toEqual({ store: 4, advisor: '3', date: '2026-11-27', closedDate: '2026-11-20', list: 'jobs', salesDate: '2026-11-01', page: 2, size: 20 })
  })

  it('drops what it cannot: ALL (the default advisor), bad days, unknown lists, odd numbers', () => {
    expect(
      validateServiceLaneSearch({ store: -1, advisor: 'ALL', date: '2026-02-30', closedDate: 'today', list: 'everything', page: -1, size: 1000 }),
    ).toEqual({ store: undefined, advisor: undefined, date: undefined, closedDate: undefined, list: undefined, salesDate: undefined, page: undefined, size: undefined })
    expect(validateServiceLaneSearch({ advisor: 'a b/c' }).advisor).toBeUndefined()
  })
})
