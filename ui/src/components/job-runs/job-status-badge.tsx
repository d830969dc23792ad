import { jobStatusBadge } from '../../lib/job-status'

export interface JobStatusBadgeProps {
  status: string
  /** A running run that was asked to stop reads "Cancelling". */
  cancelRequested?: boolean
}

/** A job run's status as a coloured badge. */
export function JobStatusBadge({ status, cancelRequested = false }: JobStatusBadgeProps) {
  const { label, tone } = jobStatusBadge(status, cancelRequested)
  return (
    <span className={`badge badge--${tone}`} data-status={status}>
      {label}
    </span>
  )
}
