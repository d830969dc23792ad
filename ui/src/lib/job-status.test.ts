import { describe, expect, it } from 'vitest'
import { isActiveJobStatus, isFinishedJobStatus, isJobStatus, jobStatusBadge } from './job-status'

describe('job statuses', () => {
  it('map to badges', () => {
    expect(jobStatusBadge('queued')).toEqual({ label: 'Queued', tone: 'neutral' })
    expect(jobStatusBadge('running')).toEqual({ label: 'Running', tone: 'info' })
    expect(jobStatusBadge('succeeded')).toEqual({ label: 'Succeeded', tone: 'success' })
    expect(jobStatusBadge('failed')).toEqual({ label: 'Failed', tone: 'danger' })
    expect(jobStatusBadge('cancelled')).toEqual({ label: 'Cancelled', tone: 'warning' })
  })

  it('show a running run that was asked to stop as cancelling', () => {
    expect(jobStatusBadge('running', true)).toEqual({ label: 'Cancelling', tone: 'warning' })
    expect(jobStatusBadge('succeeded', true)).toEqual({ label: 'Succeeded', tone: 'success' })
  })

  it('show an unknown status as it came', () => {
    expect(jobStatusBadge('paused')).toEqual({ label: 'paused', tone: 'neutral' })
    expect(isJobStatus('paused')).toBe(false)
    expect(isJobStatus('failed')).toBe(true)
  })

  it('tell active and finished runs apart', () => {
    expect(['queued', 'running'].every(isActiveJobStatus)).toBe(true)
    expect(['succeeded', 'failed', 'cancelled'].every(isFinishedJobStatus)).toBe(true)
    expect(isActiveJobStatus('failed')).toBe(false)
  })
})
