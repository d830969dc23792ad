import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { enrichmentStatusBadge, ENRICHMENT_STATUSES } from './import-format'
import {
  customerName,
  enrichmentCounts,
  enrichmentPath,
  enrichmentSummary,
  reasonText,
  refusalText,
  replaceRowInPage,
  REVIEW_FILTER_STATUSES,
  reviewActions,
  reviewEmptyText,
  reviewStatusBadge,
  rowName,
  toggleStatus,
} from './import-review'

const reasons = [
  { key: 'VEHICLE_SOLD', message: 'The customer no longer owns the vehicle' },
  { key: 'OTHER', message: 'Another reason' },
]

describe('the status filter', () => {
  it('offers every status once, each a readable badge that says what it means', () => {
    expect([...REVIEW_FILTER_STATUSES].sort()).toEqual([...ENRICHMENT_STATUSES].sort())
    for (const status of ENRICHMENT_STATUSES) {
      const badge = enrichmentStatusBadge(status)
      expect(badge.label).not.toContain('_')
      expect(badge.hint).toBeTruthy()
    }
    expect(enrichmentStatusBadge('NOT_TEXTABLE')).toMatchObject({ label: 'Not textable', tone: 'warning' })
    expect(enrichmentStatusBadge('REJECTED')).toMatchObject({ label: 'Rejected', tone: 'danger' })
    expect(enrichmentStatusBadge('ACCEPTED').tone).toBe('success')
  })

  it("picks and drops statuses, keeping the server's order", () => {
    expect(toggleStatus([], 'REJECTED')).toEqual(['REJECTED'])
    expect(toggleStatus(['REJECTED'], 'NOT_MATCHED')).toEqual(['NOT_MATCHED', 'REJECTED'])
    expect(toggleStatus(['NOT_MATCHED', 'REJECTED'], 'REJECTED')).toEqual(['NOT_MATCHED'])
    expect(toggleStatus(['NOT_MATCHED'], 'NOT_MATCHED')).toEqual([])
  })
})

describe('what a reviewer may do with a row', () => {
  it('accepts or rejects any row once, and says why not twice', () => {
    expect(reviewActions({ enrichmentStatus: 'NOT_MATCHED' })).toMatchObject({ accept: { allowed: true }, reject: { allowed: true } })
    expect(reviewActions({ enrichmentStatus: 'ACCEPTED' })).toMatchObject({
      accept: { allowed: false, hint: 'Already accepted' },
      reject: { allowed: true },
    })
    const rejected = reviewActions({ enrichmentStatus: 'REJECTED' })
    expect(rejected.reject).toEqual({ allowed: false, hint: 'Already rejected' })
    expect(rejected.accept.allowed).toBe(true)
    expect(rejected.accept.hint).toContain('comes back')
  })

  it('names the row and its customer for people (errors, and the buttons for screen readers)', () => {
    expect(rowName({ id: 41, lineNumber: 3, vin: '5YF6JUVU5TA000048' })).toBe('line 3 (VIN 5YF6JUVU5TA000048)')
    expect(rowName({ id: 41 })).toBe('row #41')
    expect(customerName({ firstName: 'Dana', lastName: 'Reyes', customerNumber: 'C-1' })).toBe('Dana Reyes')
    expect(customerName({ customerNumber: 'C-1' })).toBe('Customer C-1')
    expect(customerName({})).toBe('')
  })

  it("writes a rejection's reason from the server's list, else from its key", () => {
    expect(reasonText('VEHICLE_SOLD', reasons)).toBe('The customer no longer owns the vehicle')
    expect(reasonText('WRONG_CUSTOMER', reasons)).toBe('Wrong customer')
    expect(reasonText('OTHER', undefined)).toBe('Other')
    expect(reasonText(undefined, reasons)).toBe('')
  })

  it("puts a rejected row's reason in its badge's tooltip", () => {
    const badge = reviewStatusBadge({ enrichmentStatus: 'REJECTED', reasonKey: 'VEHICLE_SOLD' }, 'The customer no longer owns the vehicle')
    expect(badge.label).toBe('Rejected')
    expect(badge.hint).toMatch(/^Rejected: The customer no longer owns the vehicle\. A reviewer turned the row down/)
    expect(reviewStatusBadge({ enrichmentStatus: 'LEAD_CREATED' }, '')).toEqual(enrichmentStatusBadge('LEAD_CREATED'))
  })

  it('takes the reason of a refusal (its first error) to show in place; other failures take the notice', () => {
    const refused = new ApiError(400, { message: 'Bad request', errors: ['reasonkey is required to reject a row: one of VEHICLE_SOLD'] })
    expect(refusalText(refused)).toBe('reasonkey is required to reject a row: one of VEHICLE_SOLD')
    expect(refusalText(new ApiError(404, { message: 'Imported lead 9 not found' }))).toBe('Imported lead 9 not found')
    expect(refusalText(new ApiError(401, { message: 'Unauthorized' }))).toBeNull()
    expect(refusalText(new ApiError(500, { message: 'Internal error' }))).toBeNull()
    expect(refusalText(new ApiError(0, null, 'Server is not responding'))).toBeNull()
    expect(refusalText(new Error('boom'))).toBeNull()
  })
})

describe('a reviewed row', () => {
  const row = (id: number, enrichmentStatus = 'NOT_MATCHED') => ({ id, enrichmentStatus })
  const page = (...rows: ReturnType<typeof row>[]) => ({ content: rows, page: 0, size: 10, totalElements: rows.length })

  it('takes the place of the row shown, on pages that show it only', () => {
    const shown = page(row(1), row(2))
    const patched = replaceRowInPage(shown, row(2, 'REJECTED'))
    expect(patched?.content.map((r) => r.enrichmentStatus)).toEqual(['NOT_MATCHED', 'REJECTED'])
    expect(patched?.content[0]).toBe(shown.content[0])
    expect(patched?.totalElements).toBe(2)
    expect(replaceRowInPage(shown, row(3, 'ACCEPTED'))).toBe(shown)
    expect(replaceRowInPage(undefined, row(3))).toBeUndefined()
  })
})

describe('matching again', () => {
  it('calls the FEA files their own call, recall and prepaid files the other, and no other file', () => {
    expect(enrichmentPath('RECALL')).toBe('/api/data-sync/perform/enrichment')
    expect(enrichmentPath('PREPAID_MAINTENANCE')).toBe('/api/data-sync/perform/enrichment')
    expect(enrichmentPath('FEA_ALERT')).toBe('/api/data-sync/fea/perform/enrichment')
    expect(enrichmentPath('DMS_SALES')).toBeUndefined()
  })

  it("reads the run's counts, and says what it did", () => {
    const counts = enrichmentCounts({
      enrichment: { examined: 5, leadsCreated: 2, leadExists: 1, notMatched: 2, notTextable: 0, notEligible: 0 },
    })
    expect(counts).toEqual({ examined: 5, leadsCreated: 2, leadExists: 1, notMatched: 2, notTextable: 0, notEligible: 0 })
    expect(enrichmentSummary(counts!)).toBe('5 rows matched again: 2 leads created, 1 already had a lead, 2 still not matched.')
    expect(enrichmentSummary({ ...counts!, examined: 1, leadsCreated: 1, leadExists: 0, notMatched: 0 })).toBe(
      '1 row matched again: 1 lead created.',
    )
    expect(enrichmentSummary({ examined: 0, leadsCreated: 0, leadExists: 0, notMatched: 0, notTextable: 0, notEligible: 0 })).toMatch(
      /^No row was waiting for a match/,
    )
  })

  it('has no counts without a result, and reads missing or odd counts as none', () => {
    expect(enrichmentCounts(undefined)).toBeNull()
    expect(enrichmentCounts({ message: 'x' })).toBeNull()
    expect(enrichmentCounts({ enrichment: { examined: 3, leadsCreated: 'two', notMatched: -1 } })).toEqual({
      examined: 3,
      leadsCreated: 0,
      leadExists: 0,
      notMatched: 0,
      notTextable: 0,
      notEligible: 0,
    })
  })
})

describe('an empty review', () => {
  it('says which filters found nothing', () => {
    const base = { failed: false, loading: false, statuses: [] as string[] }
    expect(reviewEmptyText(base)).toBe('No row was loaded.')
    expect(reviewEmptyText({ ...base, loading: true })).toBe('None so far.')
    expect(reviewEmptyText({ ...base, statuses: ['NOT_MATCHED', 'REJECTED'] })).toBe('No row with the status Not matched or Rejected.')
    expect(reviewEmptyText({ ...base, vin: '5YF6JUVU5TA000048' })).toBe('No row with the VIN 5YF6JUVU5TA000048 (the whole VIN is compared).')
    expect(reviewEmptyText({ ...base, statuses: ['ACCEPTED'], vin: 'X' })).toBe('No row with the VIN X and the status Accepted (the whole VIN is compared).')
    expect(reviewEmptyText({ ...base, failed: true, statuses: ['ACCEPTED'] })).toBe('The rows could not be loaded.')
  })
})
