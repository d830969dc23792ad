import { describe, expect, it } from 'vitest'
import { parseJobEvent } from './job-events'

const run = {
  id: 3,
  kind: 'diagnostics.noop',
  status: 'running',
  progress: 10,
  counts: { total: 10, done: 1, failed: 0, skipped: 0 },
  attempt: 1,
  maxAttempts: 3,
  cancelRequested: false,
  createdAt: '2025-11-22T10:00:00Z',
}

describe('parseJobEvent', () => {
  it('takes the run of a job.updated event', () => {
    expect(parseJobEvent({ event: 'job', data: { type: 'job.updated', run } })).toBe(run)
  })

  it('ignores other events and malformed runs', () => {
    expect(parseJobEvent({ event: 'message', data: { type: 'job.updated', run } })).toBeNull()
    expect(parseJobEvent({ event: 'job', data: { type: 'job.deleted', run } })).toBeNull()
    expect(parseJobEvent({ event: 'job', data: { type: 'job.updated', run: { id: '3' } } })).toBeNull()
    expect(parseJobEvent({ event: 'job', data: 'text' })).toBeNull()
    expect(parseJobEvent({ event: 'job', data: null })).toBeNull()
  })
})
