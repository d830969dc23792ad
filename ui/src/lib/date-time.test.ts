import { describe, expect, it } from 'vitest'
import {
  clockTime,
  dayAndTime,
  dayKey,
  longDate,
  messageDateLabel,
  previousDayKey,
  relativeDay,
  responseDateTime,
  zonedDateAndTime,
  zonedWallTimeToUtc,
  formatDateTime,
  formatDay,
  parseDay,
  dayProblem,
  utcDay,
} from './date-time'

const tz = 'America/New_York'

describe('days', () => {
  const now = Date.parse('2026-11-22T19:00:00Z')

  it('keys days in the given zone', () => {
    expect(dayKey(Date.parse('2026-11-22T03:00:00Z'), tz)).toBe('2026-11-21')
    expect(dayKey(Date.parse('2026-11-22T03:00:00Z'), 'UTC')).toBe('2026-11-22')
    expect(previousDayKey('2026-03-01')).toBe('2026-02-28')
  })

  it('names today and yesterday, and writes other days out', () => {
    expect(relativeDay('2026-11-22', now, tz)).toBe('Today')
    expect(relativeDay('2026-11-21', now, tz)).toBe('Yesterday')
    expect(relativeDay('2026-11-20', now, tz)).toBeNull()
    expect(longDate('2026-11-03')).toBe('November 3, 2026')
  })
})

describe('clockTime', () => {
  it("writes the spec's h:mm a in the zone", () => {
    expect(clockTime('2026-11-22T15:05:00Z', tz)).toBe('10:05 AM')
    expect(clockTime('2026-11-22T05:00:00Z', tz)).toBe('12:00 AM')
    expect(clockTime(undefined, tz)).toBe('')
  })
})

describe('wall times', () => {
  it('turns a store wall time into the moment it means', () => {
    expect(new Date(zonedWallTimeToUtc('2026-11-22', '10:05', tz)).toISOString()).toBe('2026-11-22T15:05:00.000Z')
    expect(new Date(zonedWallTimeToUtc('2026-07-01', '10:05:30', tz)).toISOString()).toBe('2026-07-01T14:05:30.000Z')
    expect(new Date(zonedWallTimeToUtc('2026-07-01', '10:05', 'UTC')).toISOString()).toBe('2026-07-01T10:05:00.000Z')
    expect(zonedWallTimeToUtc('', '10:05', tz)).toBeNaN()
    expect(zonedWallTimeToUtc('2026-07-01', '', tz)).toBeNaN()
  })

  it('reads a moment back as the date and time inputs show it', () => {
    expect(zonedDateAndTime('2026-11-22T15:05:09Z', tz)).toEqual({ date: '2026-11-22', time: '10:05:09' })
    expect(zonedDateAndTime(undefined, tz)).toEqual({ date: '', time: '' })
  })

  it('writes the response time wire format in UTC', () => {
    expect(responseDateTime(Date.parse('2026-11-02T09:08:07Z'))).toBe('02-11-2026 09:08:07')
  })
})

describe('messageDateLabel', () => {
  /** 2026-11-22 14:00 in New York. */
  const now = Date.parse('2026-11-22T19:00:00Z')

  it('shows today as the time, yesterday by name, older days by date (store zone)', () => {
    expect(messageDateLabel('2026-11-22T15:05:00Z', now, tz)).toBe('10:05 AM')
    expect(messageDateLabel('2026-11-21T15:05:00Z', now, tz)).toBe('Yesterday 10:05 AM')
    expect(messageDateLabel('2026-11-03T15:05:00Z', now, tz)).toBe('November 3, 2026 10:05 AM')
    expect(messageDateLabel('2026-11-22T15:05:00Z', now, 'America/Los_Angeles')).toBe('7:05 AM')
    expect(messageDateLabel('nonsense', now, tz)).toBe('')
  })
})

describe('dayAndTime and longDate', () => {
  const now = Date.parse('2026-11-22T19:00:00Z')

  it('split a moment into its day and clock time, in long or medium style', () => {
    expect(dayAndTime('2026-11-22T15:05:00Z', now, tz)).toEqual({ day: 'Today', time: '10:05 AM' })
    expect(dayAndTime('2026-11-21T15:05:00Z', now, tz, 'short')).toEqual({ day: 'Yesterday', time: '10:05 AM' })
    expect(dayAndTime('2026-11-03T15:05:00Z', now, tz)).toEqual({ day: 'November 3, 2026', time: '10:05 AM' })
    expect(dayAndTime('2026-11-03T15:05:00Z', now, tz, 'short')).toEqual({ day: '03/11/2026', time: '10:05 AM' })
    expect(dayAndTime(undefined, now, tz)).toBeNull()
  })

  it('write day keys', () => {
    expect(longDate('2026-11-10')).toBe('November 10, 2026')
    expect(longDate('soon')).toBe('soon')
  })
})

describe('the display rule', () => {
  it('writes days as DD/MM/YYYY and reads them back, as typed or as ISO', () => {
    expect(formatDay('2026-11-03')).toBe('03/11/2026')
    expect(formatDay('2026-11-03T22:00:00Z')).toBe('03/11/2026')
    expect(formatDay('soon')).toBe('')
    expect(parseDay('03/11/2026')).toBe('2026-11-03')
    expect(parseDay('3.11.2026')).toBe('2026-11-03')
    expect(parseDay(' 3-11-2026 ')).toBe('2026-11-03')
    expect(parseDay('2026-11-03')).toBe('2026-11-03')
    expect(parseDay('31/02/2026')).toBeNull()
    expect(parseDay('11/2026')).toBeNull()
    expect(parseDay('')).toBeNull()
  })

  it('says why a typed day is refused', () => {
    expect(dayProblem('03/11/2026', {})).toBeNull()
    expect(dayProblem('', {})).toBeNull()
    expect(dayProblem('', { required: true })).toBe('Enter a date as DD/MM/YYYY')
    expect(dayProblem('3/11', {})).toBe('Enter a date as DD/MM/YYYY')
    expect(dayProblem('02/11/2026', { min: '2026-11-03' })).toBe('Choose 03/11/2026 or later')
    expect(dayProblem('04/11/2026', { max: '2026-11-03' })).toBe('Choose 03/11/2026 or earlier')
  })

  it("shows a moment in the store's zone, the zone named", () => {
    const at = '2026-11-29T22:08:12Z'
    expect(formatDateTime(at, 'America/New_York')).toBe('29/11/2026 5:08 PM EST')
    expect(formatDateTime(at, 'America/Los_Angeles', { seconds: true })).toBe('29/11/2026 2:08:12 PM PST')
    expect(formatDateTime('2026-11-30T03:00:00Z', 'America/Chicago')).toBe('29/11/2026 9:00 PM CST')
    expect(formatDateTime(undefined)).toBe('—')
    expect(formatDateTime('garbage', 'America/New_York')).toBe('—')
  })

  it('takes the UTC day of a moment', () => {
    expect(utcDay('2025-11-22T23:30:00-02:00')).toBe('2025-11-23')
    expect(utcDay(undefined)).toBeNull()
  })
})
