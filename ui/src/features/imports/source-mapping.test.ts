import { describe, expect, it } from 'vitest'
import {
  canSaveDraft,
  draftChanged,
  draftFromFields,
  draftProblems,
  normalizeHeader,
  sourceMappingPayload,
  uploadMappingPayload,
} from './source-mapping'

const fields = [
  { key: 'roNumber', label: 'RO number', required: true, column: 'RO #' },
  { key: 'vin', label: 'VIN', required: true },
  { key: 'customerNumber', label: 'Customer number', required: false, column: 'Cust No' },
  { key: 'openedOn', label: 'Opened on', required: false },
]

describe('headers', () => {
  it('compare as the server compares them', () => {
    expect(normalizeHeader('Cust #')).toBe('custno')
    expect(normalizeHeader('cust-no')).toBe('custno')
    expect(normalizeHeader(' R.O. Number ')).toBe('ronumber')
  })
})

describe('the mapping editor', () => {
  it("starts from the source's saved headers", () => {
    expect(draftFromFields(fields)).toEqual({ roNumber: 'RO #', vin: '', customerNumber: 'Cust No', openedOn: '' })
  })

  it('saves the typed headers, trimmed, blanks left out, in the fields’ order', () => {
    const draft = { openedOn: ' Open Date ', vin: 'VIN', roNumber: 'RO #', customerNumber: '  ', stray: 'X' }
    const payload = sourceMappingPayload('DMS_REPAIR_ORDERS', fields, draft)
    expect(payload).toEqual({ fileType: 'DMS_REPAIR_ORDERS', mapping: { roNumber: 'RO #', vin: 'VIN', openedOn: 'Open Date' } })
    expect(Object.keys(payload.mapping)).toEqual(['roNumber', 'vin', 'openedOn'])
  })

  it('knows whether anything changed', () => {
    expect(draftChanged(fields, draftFromFields(fields))).toBe(false)
    expect(draftChanged(fields, { ...draftFromFields(fields), roNumber: ' RO # ' })).toBe(false)
    expect(draftChanged(fields, { ...draftFromFields(fields), vin: 'Vehicle VIN' })).toBe(true)
    expect(draftChanged(fields, { ...draftFromFields(fields), customerNumber: '' })).toBe(true)
  })

  it('refuses a header given to two fields, as the server would', () => {
    const problems = draftProblems(fields, { roNumber: 'Cust #', vin: 'VIN', customerNumber: 'cust no', openedOn: '' })
    expect([...problems.sharedWith]).toEqual([
      ['roNumber', ['customerNumber']],
      ['customerNumber', ['roNumber']],
    ])
    expect(canSaveDraft(problems)).toBe(false)
    expect(canSaveDraft(draftProblems(fields, draftFromFields(fields)))).toBe(true)
  })

  it('refuses a header over 200 characters', () => {
    const problems = draftProblems(fields, { vin: 'V'.repeat(201) })
    expect(problems.tooLong).toEqual(['vin'])
    expect(canSaveDraft(problems)).toBe(false)
  })
})

describe("an upload's mapping saved for its source", () => {
  it('is the confirmed columns of the file type, in the fields’ order', () => {
    const preview = { fileType: 'RECALL', fields: [{ key: 'vin' }, { key: 'campaign' }, { key: 'description' }] }
    const payload = uploadMappingPayload(preview, { description: 'Description', vin: 'VIN', unknown: 'X' })
    expect(payload).toEqual({ fileType: 'RECALL', mapping: { vin: 'VIN', description: 'Description' } })
    expect(Object.keys(payload.mapping)).toEqual(['vin', 'description'])
  })
})
