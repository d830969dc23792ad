import { jobStatusBadge } from '../../lib/job-status'
import type { JobRunSummary } from './api/get-job-runs'
import { progressCounts } from './progress-counts'

export interface JobProgressProps {
  run: Pick<JobRunSummary, 'progress' | 'counts' | 'status' | 'cancelRequested' | 'unit'>
  /** Accessible name of the bar. */
  label?: string
  size?: 'small' | 'large'
}

/** Progress bar with the percentage and what was done of what, in the run's unit. */
export function JobProgress({ run, label = 'Progress', size = 'small' }: JobProgressProps) {
  const percent = Math.min(100, Math.max(0, Math.round(run.progress)))
  const { tone } = jobStatusBadge(run.status, run.cancelRequested)
  const { total } = run.counts
  const counts = total > 0 ? progressCounts(run.counts, run.unit) : null
  return (
    <div className={`job-progress job-progress--${size} job-progress--${tone}`}>
      <div
        className="job-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={counts ? `${percent}% (${counts})` : `${percent}%`}
      >
        <div className="job-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="job-progress__percent">{percent}%</span>
      {counts ? <span className="job-progress__counts">{counts}</span> : null}
    </div>
  )
}
