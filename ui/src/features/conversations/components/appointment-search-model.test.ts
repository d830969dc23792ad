import { describe, expect, it } from 'vitest'
import { appointmentTime, requestedLabel } from './appointment-search-model'

describe('requestedLabel', () => {
  it('writes the store-local day and time the text named as the free times read', () => {
    expect(requestedLabel('2026-12-01T10:00')).toBe('Tuesday, December 1 at 10:00 AM')
    expect(requestedLabel('2026-12-01T14:45')).toBe('Tuesday, December 1 at 2:45 PM')
    expect(requestedLabel('2026-06-08T00:15:00')).toBe('Monday, June 8 at 12:15 AM')
  })

  it("is '' for none and the value as given when unreadable", () => {
    expect(requestedLabel(undefined)).toBe('')
    expect(requestedLabel(' ')).toBe('')
    expect(requestedLabel('next week')).toBe('next week')
  })
})

describe('appointmentTime', () => {
  it("gives the date and clock time in the store's zone", () => {
    expect(appointmentTime('2026-11-23T15:30:00Z', 'America/New_York')).toEqual({ date: '23/11/2026', time: '10:30 AM' })
    // Late evening in New York is the next day in UTC.
    expect(appointmentTime('2026-11-24T02:00:00Z', 'America/New_York')).toEqual({ date: '23/11/2026', time: '9:00 PM' })
  })

  it('is null when unreadable', () => {
    expect(appointmentTime('', 'America/New_York')).toBeNull()
    expect(appointmentTime('soon')).toBeNull()
  })
})
