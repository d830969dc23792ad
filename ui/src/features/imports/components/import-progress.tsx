import { progressPercent, reportStatusBadge } from '../import-format'

export interface ImportProgressProps {
  report: { progress: number; status: string; totalRows: number }
  /** Accessible name of the bar. */
  label?: string
  size?: 'small' | 'large'
}

/** A load's progress bar: the percent of the file read, and the rows read so far (the jobs' bar's look). */
export function ImportProgress({ report, label = 'Import progress', size = 'small' }: ImportProgressProps) {
  const percent = progressPercent(report)
  const { tone } = reportStatusBadge(report.status)
  const rows = report.totalRows > 0 ? `${report.totalRows.toLocaleString('en-US')} ${report.totalRows === 1 ? 'row' : 'rows'}` : ''
  return (
    <div className={`job-progress job-progress--${size} job-progress--${tone}`}>
      <div
        className="job-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={rows ? `${percent}% (${rows} read)` : `${percent}%`}
      >
        <div className="job-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="job-progress__percent">{percent}%</span>
      {rows && size === 'large' ? <span className="job-progress__counts">{rows} read</span> : null}
    </div>
  )
}
