import { describe, expect, it } from 'vitest'
import { elapsedMs, formatDuration, formatMinutes } from './format-duration'

describe('formatDuration', () => {
  it('is short and readable at every scale', () => {
    expect(formatDuration(0)).toBe('0 ms')
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(4_250)).toBe('4.2 s')
    expect(formatDuration(42_900)).toBe('42 s')
    expect(formatDuration(185_000)).toBe('3m 05s')
    expect(formatDuration(2 * 3600_000 + 7 * 60_000)).toBe('2h 07m')
    expect(formatDuration(3 * 86400_000 + 4 * 3600_000 + 59_000)).toBe('3d 4h')
  })

  it("is '—' for nothing, nonsense or negative values", () => {
    expect(formatDuration(null)).toBe('—')
    expect(formatDuration(undefined)).toBe('—')
    expect(formatDuration(NaN)).toBe('—')
    expect(formatDuration(-5)).toBe('—')
  })
})

describe('elapsedMs', () => {
  it('measures start to finish, or start to now while running', () => {
    expect(elapsedMs('2025-01-01T00:00:00Z', '2025-01-01T00:00:02.500Z')).toBe(2500)
    expect(elapsedMs('2025-01-01T00:00:00Z', undefined, Date.parse('2025-01-01T00:01:00Z'))).toBe(60_000)
  })

  it('is null before the start', () => {
    expect(elapsedMs(undefined, undefined)).toBeNull()
    expect(elapsedMs('not a date', undefined)).toBeNull()
  })
})

describe('formatMinutes', () => {
  it('is minutes under an hour, then hours and two-digit minutes', () => {
    expect(formatMinutes(0)).toBe('0 min')
    expect(formatMinutes(42)).toBe('42 min')
    expect(formatMinutes(59)).toBe('59 min')
    expect(formatMinutes(60)).toBe('1 h 00 min')
    expect(formatMinutes(65)).toBe('1 h 05 min')
    expect(formatMinutes(26 * 60)).toBe('26 h 00 min')
  })

  it("is '—' when there is no time (never checked in) or nonsense", () => {
    expect(formatMinutes(undefined)).toBe('—')
    expect(formatMinutes(null)).toBe('—')
    expect(formatMinutes(NaN)).toBe('—')
    expect(formatMinutes(-1)).toBe('—')
  })
})
