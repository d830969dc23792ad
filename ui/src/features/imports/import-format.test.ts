import { describe, expect, it } from 'vitest'
import { enrichmentStatusBadge, fileFacts, isActiveReport, progressPercent, reportCountItems, reportOutcome, reportStatusBadge } from './import-format'

const counts = { totalRows: 6, insertedRows: 3, updatedRows: 1, unchangedRows: 0, failedRows: 2, leadsCreated: 2 }

describe('report statuses', () => {
  it('are badges with a tone', () => {
    expect(reportStatusBadge('RUNNING')).toMatchObject({ label: 'Loading', tone: 'info' })
    expect(reportStatusBadge('COMPLETED_WITH_ERRORS')).toMatchObject({ label: 'Completed with errors', tone: 'warning' })
    expect(reportStatusBadge('FAILED').tone).toBe('danger')
    expect(reportStatusBadge('SOMETHING_NEW')).toEqual({ label: 'Something new', tone: 'neutral' })
  })

  it('queued and running reports are followed', () => {
    expect(isActiveReport('QUEUED')).toBe(true)
    expect(isActiveReport('RUNNING')).toBe(true)
    expect(isActiveReport('COMPLETED')).toBe(false)
    expect(isActiveReport('CANCELLED')).toBe(false)
  })

  it('enrichment statuses say what they mean', () => {
    expect(enrichmentStatusBadge('LEAD_CREATED')).toMatchObject({ label: 'Lead created', tone: 'success' })
    expect(enrichmentStatusBadge('NOT_MATCHED').hint).toContain('VIN')
    expect(enrichmentStatusBadge('NEW_ONE').label).toBe('New one')
  })
})

describe('progress', () => {
  it('is a whole percent from 0 to 100', () => {
    expect(progressPercent({ progress: 42.6, status: 'RUNNING' })).toBe(43)
    expect(progressPercent({ progress: -3, status: 'QUEUED' })).toBe(0)
    expect(progressPercent({ progress: 140, status: 'RUNNING' })).toBe(100)
    expect(progressPercent({ progress: Number.NaN, status: 'RUNNING' })).toBe(0)
  })

  it('is full once the load completed, and stays where it stopped otherwise', () => {
    expect(progressPercent({ progress: 97, status: 'COMPLETED' })).toBe(100)
    expect(progressPercent({ progress: 97, status: 'COMPLETED_WITH_ERRORS' })).toBe(100)
    expect(progressPercent({ progress: 40, status: 'CANCELLED' })).toBe(40)
  })
})

describe('files for people', () => {
  it('sum up what the preview found', () => {
    expect(fileFacts({ fileFormat: 'CSV', encoding: 'UTF-8', separator: ',', headers: ['a', 'b'] })).toBe(
      'CSV · UTF-8 · comma-separated · 2 columns',
    )
    expect(fileFacts({ fileFormat: 'CSV', separator: '\t', headers: ['a'] })).toBe('CSV · tab-separated · 1 column')
    expect(fileFacts({ fileFormat: 'XLSX', sheet: 'Recalls', headers: ['a', 'b', 'c'] })).toBe('XLSX · sheet "Recalls" · 3 columns')
  })
})

describe('counts and outcomes', () => {
  it('list the counts, leads only for files that make them', () => {
    expect(reportCountItems(counts, true).map((i) => [i.label, i.value, i.tone])).toEqual([
      ['Rows read', 6, undefined],
      ['Inserted', 3, undefined],
      ['Updated', 1, undefined],
      ['Unchanged', 0, undefined],
      ['Failed', 2, 'danger'],
      ['Leads created', 2, 'success'],
    ])
    expect(reportCountItems({ ...counts, failedRows: 0 }, false).map((i) => i.key)).not.toContain('leadsCreated')
  })

  it('say how a load ended', () => {
    expect(reportOutcome({ ...counts, status: 'RUNNING' })).toBeNull()
    expect(reportOutcome({ ...counts, failedRows: 0, totalRows: 1, status: 'COMPLETED' })).toBe('All 1 row loaded.')
    expect(reportOutcome({ ...counts, status: 'COMPLETED_WITH_ERRORS' })).toBe(
      '4 rows loaded, 2 rows refused: fix them in the error file and upload it again.',
    )
    expect(reportOutcome({ ...counts, status: 'FAILED', error: 'UTF-16 is not read' })).toBe('The file could not be loaded: UTF-16 is not read')
    expect(reportOutcome({ ...counts, status: 'CANCELLED' })).toContain('Cancelled after 6 rows')
  })
})
