import { describe, expect, it } from 'vitest'
import type { StoreRun } from './api/get-zone-runs'
import { allowedHours, clock12, firstDeferredText, windowText, zonedMoment, zoneSummary, zoneTotals } from './zone-runs-format'

const NY = 'America/New_York'
// 2026-11-25 14:05 in New York (UTC-5).
const now = Date.parse('2026-11-25T19:05:00Z')

function run(over: Partial<StoreRun> = {}): StoreRun {
  return {
    storeId: 1,
    storeName: 'Harbor Toyota',
    bocId: 1,
    allowedFrom: '08:00',
    allowedTo: '21:00',
    localTime: '14:05',
    openNow: true,
    deferredTexts: 0,
    followUpsDue: 0,
    followUpsWaiting: 0,
    ...over,
  }
}

describe('clock12 and allowedHours', () => {
  it('writes the server’s 24-hour times as the spec’s h:mm AM', () => {
    expect(clock12('08:00')).toBe('8:00 AM')
    expect(clock12('00:30')).toBe('12:30 AM')
    expect(clock12('12:00')).toBe('12:00 PM')
    expect(clock12('21:45')).toBe('9:45 PM')
    expect(clock12('soon')).toBe('soon')
    expect(allowedHours(run())).toBe('8:00 AM – 9:00 PM')
  })
})

describe('zonedMoment', () => {
  it('reads a moment on the store’s clock, naming the day only when it is not the store’s today', () => {
    expect(zonedMoment('2026-11-25T22:00:00Z', NY, now)).toEqual({ day: '', time: '5:00 PM' })
    expect(zonedMoment('2026-11-26T13:00:00Z', NY, now)).toEqual({ day: 'tomorrow', time: '8:00 AM' })
    expect(zonedMoment('2026-11-28T13:00:00Z', NY, now)).toEqual({ day: 'Sat', time: '8:00 AM' })
    expect(zonedMoment('2026-12-10T13:00:00Z', NY, now)).toEqual({ day: 'Dec 10', time: '8:00 AM' })
    expect(zonedMoment(undefined, NY, now)).toBeNull()
  })

  it('counts days in the store’s zone, not the browser’s', () => {
    // 03:00 UTC on the 26th is still the 25th in Los Angeles (19:00).
    expect(zonedMoment('2026-11-26T03:00:00Z', 'America/Los_Angeles', now)).toEqual({ day: '', time: '7:00 PM' })
    expect(zonedMoment('2026-11-26T03:00:00Z', 'Europe/Berlin', now)).toEqual({ day: 'tomorrow', time: '4:00 AM' })
  })

  it('falls back to the browser’s zone for a name it does not know', () => {
    expect(zonedMoment('2026-11-25T22:00:00Z', 'Not/AZone', now)?.time).toMatch(/^\d{1,2}:00 [AP]M$/)
  })
})

describe('windowText', () => {
  it('says until when a store is open, and when it opens while closed', () => {
    expect(windowText(run(), NY, now)).toBe('until 9:00 PM')
    expect(windowText(run({ openNow: false, nextOpening: '2026-11-26T13:00:00Z' }), NY, now)).toBe('opens tomorrow at 8:00 AM')
    const early = Date.parse('2026-11-25T10:00:00Z') // 5:00 AM in New York
    expect(windowText(run({ openNow: false, nextOpening: '2026-11-25T13:00:00Z' }), NY, early)).toBe('opens at 8:00 AM')
    expect(windowText(run({ openNow: false }), NY, now)).toBe('')
  })
})

describe('firstDeferredText', () => {
  it('says when the first held text goes, on the store’s clock', () => {
    expect(firstDeferredText(run({ deferredTexts: 3, nextDeferredAt: '2026-11-26T13:00:00Z' }), NY, now)).toBe('first goes tomorrow at 8:00 AM')
    expect(firstDeferredText(run({ deferredTexts: 1, nextDeferredAt: '2026-11-25T19:00:00Z' }), NY, now)).toBe('first goes now')
    expect(firstDeferredText(run({ deferredTexts: 0, nextDeferredAt: '2026-11-26T13:00:00Z' }), NY, now)).toBe('')
  })
})

describe('zone totals', () => {
  it('adds up a zone’s stores', () => {
    const totals = zoneTotals({
      brands: [run({ deferredTexts: 2, followUpsDue: 1 }), run({ storeId: 2, openNow: false, deferredTexts: 12, followUpsDue: 0 })],
    })
    expect(totals).toEqual({ stores: 2, open: 1, deferredTexts: 14, followUpsDue: 1 })
    expect(zoneSummary(totals)).toBe('2 stores, 1 open · 14 texts waiting · 1 follow-up due')
  })
})
