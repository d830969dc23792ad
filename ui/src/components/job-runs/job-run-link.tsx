import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { JobStatusBadge } from './job-status-badge'

export interface JobRunLinkProps {
  runId: number
  /** Shown as a badge after the link when given. */
  status?: string
  /** Link text (default "Run #id"). */
  children?: ReactNode
  className?: string
}

/** Link to a job run's page, for any flow that started one. */
export function JobRunLink({ runId, status, children, className }: JobRunLinkProps) {
  return (
    <span className="job-run-link">
      <Link to="/jobs/$runId" params={{ runId }} className={className}>
        {children ?? `Run #${runId}`}
      </Link>
      {status ? <JobStatusBadge status={status} /> : null}
    </span>
  )
}
