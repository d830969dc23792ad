import { describe, expect, it } from 'vitest'
import { diffRows, showValue } from './audit-diff'

describe('diffRows', () => {
  it('lists only the fields that changed, with both sides', () => {
    const detail = {
      before: { name: 'Harbor Toyota', timeZone: 'America/New_York', hours: [{ weekday: 1 }], phone: null },
      after: { name: 'Harbor Toyota', timeZone: 'America/Chicago', hours: [{ weekday: 2 }], phone: '+15550102000' },
    }
    expect(diffRows(detail)).toEqual([
      { field: 'timeZone', before: 'America/New_York', after: 'America/Chicago' },
      { field: 'hours', before: '[{"weekday":1}]', after: '[{"weekday":2}]' },
      { field: 'phone', before: '—', after: '+15550102000' },
    ])
  })

  it('shows a creation as every field from nothing', () => {
    expect(diffRows({ before: null, after: { bocCode: 'D1', isActive: true } })).toEqual([
      { field: 'bocCode', before: '—', after: 'D1' },
      { field: 'isActive', before: '—', after: 'true' },
    ])
  })

  it('copes with no detail or plain values', () => {
    expect(diffRows(undefined)).toEqual([])
    expect(diffRows({ before: 'a', after: 'b' })).toEqual([{ field: 'value', before: 'a', after: 'b' }])
    expect(showValue('')).toBe('""')
  })
})
