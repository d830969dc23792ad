import { describe, expect, it } from 'vitest'
import {
  selectHistoryStore,
  sourceChoicesQuery,
  sourceListQuery,
  syncHistoryQuery,
  validateDataSourcesSearch,
  validateSyncHistorySearch,
} from './source-search'

describe('the data sources URL', () => {
  it('keeps a store, the opened source and paging', () => {
    expect(validateDataSourcesSearch({ store: '2', source: 7, page: 1, size: 50 })).toEqual({ store: 2, source: 7, page: 1, size: 50 })
  })

  it('drops what it cannot read, and the first page', () => {
    expect(validateDataSourcesSearch({ store: 'x', source: -3, page: 0, size: 1000 })).toEqual({
      store: undefined,
      source: undefined,
      page: undefined,
      size: undefined,
    })
  })

  it('is one call; a select lists every source of the store', () => {
    expect(sourceListQuery(1, { store: 2, page: 3 })).toEqual({ enterpriseId: 1, storeId: 2, page: 3, size: 20 })
    expect(sourceChoicesQuery(1, undefined)).toEqual({ enterpriseId: 1, storeId: undefined, page: 0, size: 100 })
  })
})

describe('the sync history URL', () => {
  it('keeps a store, a source and paging', () => {
    expect(validateSyncHistorySearch({ store: 1, source: '7', page: 2 })).toEqual({ store: 1, source: 7, page: 2, size: undefined })
  })

  it('is one call', () => {
    expect(syncHistoryQuery(1, { source: 7 })).toEqual({ enterpriseId: 1, storeId: undefined, dataSourceId: 7, page: 0, size: 20 })
  })

  it("drops a source of another store when the store changes, and starts again at the first page", () => {
    expect(selectHistoryStore({ store: 1, source: 7, page: 3 }, 2, 1)).toEqual({ store: 2, source: undefined, page: undefined })
    expect(selectHistoryStore({ source: 7, page: 3 }, 1, 1)).toEqual({ store: 1, source: 7, page: undefined })
    expect(selectHistoryStore({ store: 1, source: 7 }, undefined, 1)).toEqual({ store: undefined, source: 7, page: undefined })
  })
})
