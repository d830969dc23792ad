import { describe, expect, it } from 'vitest'
import { diffRows, recordLabel, showValue } from './audit-diff'

describe('diffRows', () => {
  it('lists only the fields that changed, with both sides', () => {
    const detail = {
      before: { name: 'Harbor Toyota', timeZone: 'America/New_York', hours: [{ weekday: 1 }], phone: null },
      after: { name: 'Harbor Toyota', timeZone: 'America/Chicago', hours: [{ weekday: 2 }], phone: '+15550102000' },
    }
    expect(diffRows(detail)).toEqual([
      { field: 'Time zone', key: 'timeZone', before: 'America/New_York', after: 'America/Chicago' },
      { field: 'Hours', key: 'hours', before: 'Weekday: 1', after: 'Weekday: 2' },
      { field: 'Phone', key: 'phone', before: '—', after: '+15550102000' },
    ])
  })

  it('shows a creation as every field from nothing', () => {
    expect(diffRows({ before: null, after: { bocCode: 'D1', isActive: true } })).toEqual([
      { field: 'Boc code', key: 'bocCode', before: '—', after: 'D1' },
      { field: 'Active', key: 'isActive', before: '—', after: 'Yes' },
    ])
  })

  it('copes with no detail or plain values', () => {
    expect(diffRows(undefined)).toEqual([])
    expect(diffRows({ before: 'a', after: 'b' })).toEqual([{ field: 'Value', key: 'value', before: 'a', after: 'b' }])
    expect(showValue('')).toBe('(empty)')
    expect(showValue(['SALES_REP', 'OFFICE_USER'])).toBe('SALES_REP, OFFICE_USER')
  })

  it('names a record by its own snapshot, else by its number', () => {
    expect(recordLabel('store', 12, { before: { name: 'Harbor Toyota' }, after: { name: 'Harbor Toyota East' } })).toBe(
      'Store Harbor Toyota East',
    )
    expect(recordLabel('user', 3, { before: null, after: { username: 'sam' } })).toBe('User sam')
    expect(recordLabel('boc', 4, undefined)).toBe('Dealer #4')
  })
})
