import { describe, expect, it } from 'vitest'
import { discardQuestion, mappedText } from './unmapped-text'

const result = { code: 'DMS-77', storeId: 3, storeName: 'Lakeside Toyota', loaded: 12, inserted: 10, updated: 2, failed: 1, leadsCreated: 3 }

describe('mappedText', () => {
  it('says what the rows became', () => {
    expect(mappedText(result)).toBe('DMS-77 mapped to Lakeside Toyota: 12 rows loaded (10 new, 2 updated), 1 refused, 3 leads created')
  })

  it('names unchanged rows, and leaves out what did not happen', () => {
    expect(mappedText({ ...result, loaded: 5, inserted: 1, updated: 1, failed: 0, leadsCreated: 1 })).toBe(
      'DMS-77 mapped to Lakeside Toyota: 5 rows loaded (1 new, 1 updated, 3 unchanged), 1 lead created',
    )
    expect(mappedText({ ...result, loaded: 0, inserted: 0, updated: 0, failed: 0, leadsCreated: 0 })).toBe('DMS-77 mapped to Lakeside Toyota: 0 rows loaded')
  })
})

describe('discardQuestion', () => {
  it('counts the rows', () => {
    expect(discardQuestion('DMS-77', 1)).toBe('Drop the 1 row waiting for DMS-77? They belong to no store.')
    expect(discardQuestion('DMS-77', 12)).toBe('Drop the 12 rows waiting for DMS-77? They belong to no store.')
  })
})
