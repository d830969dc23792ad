import { describe, expect, it } from 'vitest'
import {
  clockTime,
  dayKey,
  longDate,
  previousDayKey,
  relativeDay,
  responseDateTime,
  zonedDateAndTime,
  zonedWallTimeToUtc,
} from './zoned-time'

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
