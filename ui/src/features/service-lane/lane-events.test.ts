import { describe, expect, it } from 'vitest'
import { isStoreSyncSucceeded, parseLaneEvent } from './lane-events'
import { cardFixture } from './test/lane-fixtures'

describe('parseLaneEvent', () => {
  it('reads the moved card of a repairOrder.moved event', () => {
    const card = cardFixture(862, 'PREASSIGNED')
    expect(parseLaneEvent({ event: 'lane', data: { type: 'repairOrder.moved', repairOrder: card } })).toEqual(card)
  })

  it('skips other events and malformed cards', () => {
    const card = cardFixture(1)
    expect(parseLaneEvent({ event: 'job', data: { type: 'repairOrder.moved', repairOrder: card } })).toBeNull()
    expect(parseLaneEvent({ event: 'lane', data: { type: 'repairOrder.closed', repairOrder: card } })).toBeNull()
    expect(parseLaneEvent({ event: 'lane', data: { type: 'repairOrder.moved' } })).toBeNull()
    expect(parseLaneEvent({ event: 'lane', data: { type: 'repairOrder.moved', repairOrder: { ...card, statusCode: 3 } } })).toBeNull()
    expect(parseLaneEvent({ event: 'lane', data: null })).toBeNull()
  })
})

describe('isStoreSyncSucceeded', () => {
  const run = {
    id: 41,
    kind: 'imports.sync',
    status: 'succeeded',
    progress: 100,
    counts: { total: 12, done: 12, failed: 0, skipped: 0 },
    attempt: 1,
    maxAttempts: 3,
    cancelRequested: false,
    createdAt: '2026-11-26T08:00:00Z',
    input: { dataSourceId: 5, storeId: 1 },
  }
  const jobEvent = (extra: Record<string, unknown> = {}) => ({ event: 'job', data: { type: 'job.updated', run: { ...run, ...extra } } })

  it("is true for a finished sync of the board's store, scheduled or not", () => {
    expect(isStoreSyncSucceeded(jobEvent(), 1)).toBe(true)
    expect(isStoreSyncSucceeded(jobEvent({ input: { dataSourceId: 5, storeId: 1, trigger: 'schedule' } }), 1)).toBe(true)
  })

  it("is false for another store's sync and for another kind of job", () => {
    expect(isStoreSyncSucceeded(jobEvent(), 2)).toBe(false)
    expect(isStoreSyncSucceeded(jobEvent({ kind: 'imports.match' }), 1)).toBe(false)
    expect(isStoreSyncSucceeded(jobEvent({ kind: 'reports.export', input: { storeId: 1 } }), 1)).toBe(false)
  })

  it('is false while the sync runs, and when it failed or was cancelled', () => {
    for (const status of ['queued', 'running', 'failed', 'cancelled']) {
      expect(isStoreSyncSucceeded(jobEvent({ status, progress: 40 }), 1)).toBe(false)
    }
  })

  it('is false for malformed events and inputs', () => {
    expect(isStoreSyncSucceeded(jobEvent({ input: undefined }), 1)).toBe(false)
    expect(isStoreSyncSucceeded(jobEvent({ input: null }), 1)).toBe(false)
    expect(isStoreSyncSucceeded(jobEvent({ input: 1 }), 1)).toBe(false)
    expect(isStoreSyncSucceeded(jobEvent({ input: { dataSourceId: 5 } }), 1)).toBe(false)
    expect(isStoreSyncSucceeded(jobEvent({ input: { dataSourceId: 5, storeId: '1' } }), 1)).toBe(false)
    expect(isStoreSyncSucceeded(jobEvent({ status: undefined }), 1)).toBe(false)
    expect(isStoreSyncSucceeded({ event: 'job', data: { type: 'job.created', run } }, 1)).toBe(false)
    expect(isStoreSyncSucceeded({ event: 'lane', data: { type: 'job.updated', run } }, 1)).toBe(false)
    expect(isStoreSyncSucceeded({ event: 'job', data: { type: 'job.updated' } }, 1)).toBe(false)
    expect(isStoreSyncSucceeded({ event: 'job', data: null }, 1)).toBe(false)
  })
})
