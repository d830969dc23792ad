/** Job run statuses and how they are shown. */

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

export function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value)
}

/** Queued or running: the run may still change. */
export function isActiveJobStatus(status: string): boolean {
  return status === 'queued' || status === 'running'
}

/** Succeeded, failed or cancelled. */
export function isFinishedJobStatus(status: string): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled'
}

export type BadgeTone = 'neutral' | 'info' | 'success' | 'danger' | 'warning'

export interface JobStatusBadge {
  label: string
  tone: BadgeTone
}

const BADGES: Record<JobStatus, JobStatusBadge> = {
  queued: { label: 'Queued', tone: 'neutral' },
  running: { label: 'Running', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'warning' },
}

/**
 * The badge of a status. A running run that was asked to stop reads
 * "Cancelling"; an unknown status is shown as it came.
 */
export function jobStatusBadge(status: string, cancelRequested = false): JobStatusBadge {
  if (status === 'running' && cancelRequested) return { label: 'Cancelling', tone: 'warning' }
  return isJobStatus(status) ? BADGES[status] : { label: status || 'Unknown', tone: 'neutral' }
}
