import { describe, expect, it } from 'vitest'
import { filterLeads, isOutcomeFilter, outcomeCounts, pageOfRows, partialListNote } from './dry-run-model'

const leads = [{ outcome: 'SENT' }, { outcome: 'SKIPPED' }, { outcome: 'SENT' }, { outcome: 'DEFERRED' }, { outcome: 'ODD' }]

describe('the dry run table', () => {
  it('counts and filters the listed leads by outcome', () => {
    expect(outcomeCounts(leads)).toEqual({ ALL: 5, SENT: 2, DEFERRED: 1, SKIPPED: 1 })
    expect(filterLeads(leads, 'SENT')).toEqual([{ outcome: 'SENT' }, { outcome: 'SENT' }])
    expect(filterLeads(leads, 'ALL')).toHaveLength(5)
    expect(isOutcomeFilter('DEFERRED')).toBe(true)
    expect(isOutcomeFilter('FAILED')).toBe(false)
  })

  it('pages the rows here, a page past the end giving the last one', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i)
    expect(pageOfRows(rows, 0, 20)).toEqual({ rows: rows.slice(0, 20), pageIndex: 0 })
    expect(pageOfRows(rows, 2, 20)).toEqual({ rows: rows.slice(40), pageIndex: 2 })
    expect(pageOfRows(rows, 9, 20).pageIndex).toBe(2)
    expect(pageOfRows([], 3, 20)).toEqual({ rows: [], pageIndex: 0 })
  })

  it('says when only the first 1,000 leads are listed', () => {
    expect(partialListNote(14, 14)).toBe('')
    expect(partialListNote(1000, 2500)).toBe('The table lists the first 1,000 of 2,500 leads; the counts cover all of them.')
  })
})
