import { describe, expect, it } from 'vitest'
import {
  canLoad,
  columnSamples,
  headerOptions,
  mappingJson,
  mappingProblems,
  setFieldColumn,
  sharedWith,
  suggestedMapping,
  unusedHeaders,
  type MappingPreview,
} from './import-mapping'

const preview: MappingPreview = {
  headers: ['VIN', 'Campaign #', 'Description', 'Cell Phone', 'Cust #', 'Notes'],
  sampleRows: [
    ['5YF6JUVU5TA000048', '24V-101', 'Fuel pump', '(410) 553-7170', 'C1', ''],
    ['2T3Z87KG8TA000070', '', 'Fuel pump', '410-824-9244', 'C2', 'x'],
    ['1HGCM82633A004352', '24V-207', 'Airbag', '', 'C3', ''],
    ['JTDKB20U693512345', '24V-207', 'Airbag', '', 'C4', ''],
  ],
  fields: [
    { key: 'vin', label: 'VIN', required: true, column: 'VIN' },
    { key: 'campaignCode', label: 'Recall campaign', required: true, column: 'Campaign #' },
    { key: 'description', label: 'Description', required: false, column: 'Description' },
    { key: 'eventDate', label: 'Recall date', required: false },
    { key: 'phone', label: 'Mobile phone', required: false, column: 'Cell Phone' },
    { key: 'customerNumber', label: 'Customer number', required: false, column: 'Cust #' },
  ],
}

describe('the mapping step', () => {
  it('starts from the suggestion and can load it', () => {
    const mapping = suggestedMapping(preview)
    expect(mapping).toEqual({ vin: 'VIN', campaignCode: 'Campaign #', description: 'Description', phone: 'Cell Phone', customerNumber: 'Cust #' })
    expect(canLoad(mappingProblems(preview, mapping))).toBe(true)
  })

  it('ignores a suggestion the file has no column for', () => {
    const odd = { ...preview, fields: [{ key: 'vin', label: 'VIN', required: true, column: 'Serial' }] }
    expect(suggestedMapping(odd)).toEqual({})
  })

  it('a required field without a column blocks the load until it is mapped', () => {
    const unmapped = setFieldColumn(suggestedMapping(preview), 'campaignCode', '')
    expect(unmapped.campaignCode).toBeUndefined()
    const problems = mappingProblems(preview, unmapped)
    expect(problems.missing.map((f) => f.key)).toEqual(['campaignCode'])
    expect(canLoad(problems)).toBe(false)
    expect(canLoad(mappingProblems(preview, setFieldColumn(unmapped, 'campaignCode', 'Campaign #')))).toBe(true)
  })

  it('an optional field may go unmapped', () => {
    const mapping = setFieldColumn(suggestedMapping(preview), 'description', undefined)
    expect(canLoad(mappingProblems(preview, mapping))).toBe(true)
    expect(unusedHeaders(preview, mapping)).toEqual(['Description', 'Notes'])
  })

  it('one column for two fields blocks the load and names both', () => {
    const mapping = setFieldColumn(suggestedMapping(preview), 'eventDate', 'Description')
    const problems = mappingProblems(preview, mapping)
    expect([...problems.duplicates]).toEqual([['Description', ['description', 'eventDate']]])
    expect(sharedWith(problems, mapping, 'eventDate')).toEqual(['description'])
    expect(sharedWith(problems, mapping, 'vin')).toEqual([])
    expect(canLoad(problems)).toBe(false)
  })

  it('a header the file does not have blocks the load', () => {
    const problems = mappingProblems(preview, { ...suggestedMapping(preview), eventDate: 'Date' })
    expect(problems.unknown).toEqual(['eventDate'])
    expect(canLoad(problems)).toBe(false)
  })

  it('shows the chosen column’s first non-blank samples', () => {
    expect(columnSamples(preview, 'Campaign #')).toEqual(['24V-101', '24V-207', '24V-207'])
    expect(columnSamples(preview, 'Cell Phone', 5)).toEqual(['(410) 553-7170', '410-824-9244'])
    expect(columnSamples(preview, undefined)).toEqual([])
    expect(columnSamples(preview, 'Nope')).toEqual([])
  })

  it('sends the chosen columns as JSON in the fields’ order', () => {
    const mapping = setFieldColumn(setFieldColumn(suggestedMapping(preview), 'description', ''), 'eventDate', 'Notes')
    expect(mappingJson(preview, mapping)).toBe(
      '{"vin":"VIN","campaignCode":"Campaign #","eventDate":"Notes","phone":"Cell Phone","customerNumber":"Cust #"}',
    )
  })

  it('offers each header once', () => {
    expect(headerOptions({ ...preview, headers: ['A', 'B', 'A', ' '] })).toEqual(['A', 'B'])
  })
})
