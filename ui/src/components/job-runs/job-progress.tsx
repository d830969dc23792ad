import { jobStatusBadge } from '../../lib/job-status'
import type { JobRunSummary } from './api/get-job-runs'

export interface JobProgressProps {
  run: Pick<JobRunSummary, 'progress' | 'counts' | 'status' | 'cancelRequested'>
  /** Accessible name of the bar. */
  label?: string
  size?: 'small' | 'large'
}

/** Progress bar with the percentage and done/total. */
export function JobProgress({ run, label = 'Progress', size = 'small' }: JobProgressProps) {
  const percent = Math.min(100, Math.max(0, Math.round(run.progress)))
  const { tone } = jobStatusBadge(run.status, run.cancelRequested)
  const { total, done } = run.counts
  return (
    <div className={`job-progress job-progress--${size} job-progress--${tone}`}>
      <div
        className="job-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={total > 0 ? `${percent}% (${done} of ${total})` : `${percent}%`}
      >
        <div className="job-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="job-progress__percent">{percent}%</span>
      {total > 0 ? (
        <span className="job-progress__counts">
          {done}/{total}
        </span>
      ) : null}
    </div>
  )
}
