import { describe, expect, it } from 'vitest'
import { DEFAULT_FILE_TYPE, FILE_TYPE_CODES, FILE_TYPES, fileTypeInfo, fileTypeLabel, hasRecallType, makesLeads } from './file-types'

describe('file types', () => {
  it('list every type the server loads once, the default among them', () => {
    expect(new Set(FILE_TYPE_CODES).size).toBe(FILE_TYPES.length)
    expect(FILE_TYPE_CODES).toContain(DEFAULT_FILE_TYPE)
    expect(FILE_TYPE_CODES).toEqual(expect.arrayContaining(['PREPAID_MAINTENANCE', 'RECALL', 'FEA_ALERT', 'DMS_CUSTOMER_VEHICLES']))
  })

  it('know which files make leads and which carry a recall type', () => {
    expect(['RECALL', 'PREPAID_MAINTENANCE', 'FEA_ALERT'].every(makesLeads)).toBe(true)
    expect(makesLeads('DMS_CUSTOMER_VEHICLES')).toBe(false)
    expect(hasRecallType('RECALL')).toBe(true)
    expect(hasRecallType('FEA_ALERT')).toBe(false)
  })

  it('label a type the list does not know yet from its code', () => {
    expect(fileTypeLabel('PREPAID_MAINTENANCE')).toBe('Prepaid maintenance')
    expect(fileTypeInfo('DMS_PARTS_SALES')).toEqual({ code: 'DMS_PARTS_SALES', label: 'Dms parts sales', makesLeads: false })
  })
})
