import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { enumLabel } from '../../../lib/text'
import type { FileReport } from '../api/start-import'
import { fileTypeLabel, makesLeads } from '../file-types'
import { isActiveReport, reportOutcome } from '../import-format'
import { CancelImportButton } from './cancel-import-button'
import { ErrorFileButton } from './error-file-button'
import { ImportProgress } from './import-progress'
import { ReportCounts } from './report-counts'
import { ReportStatusBadge } from './status-badge'
import { formatCount } from '../../../lib/format-number'

export interface ReportSummaryProps {
  report: FileReport
  /** The panel's heading. */
  title: string
  /** The store's name, when known. */
  storeName?: string
  /** Link to the report's page (the upload shows one; the report page itself does not). */
  linkToReport?: boolean
  /** More buttons in the header. */
  actions?: ReactNode
  children?: ReactNode
}

/**
 * A load followed live: the progress bar (polled every second while queued or
 * loading), the counts, then how it ended with the way to the refused rows —
 * the row errors and the error file — and (campaign files) to the review.
 */
export function ReportSummary({ report, title, storeName, linkToReport = false, actions, children }: ReportSummaryProps) {
  const active = isActiveReport(report.status)
  const headingId = `import-report-${report.id}-title`
  const what = [
    report.fileName,
    fileTypeLabel(report.fileType) + (report.recallType ? ` (${enumLabel(report.recallType)})` : ''),
    storeName,
  ].filter(Boolean)

  return (
    <section className="panel import-report" aria-labelledby={headingId} data-testid="import-report" data-report-id={report.id}>
      <header className="panel__header import-report__header">
        <div className="import-report__title">
          <h2 id={headingId}>{title}</h2>
          <ReportStatusBadge status={report.status} />
        </div>
        <div className="page__actions">
          {report.jobRunId !== undefined ? <JobRunLink runId={report.jobRunId} /> : null}
          {active ? <CancelImportButton report={report} /> : null}
          {actions}
        </div>
      </header>
      <div className="import-report__body">
        <p className="import-report__what">{what.join(' · ')}</p>
        <ImportProgress report={report} size="large" />
        <ReportCounts report={report} withLeads={makesLeads(report.fileType)} />
        <div role="status" className="import-report__outcome">
          <Outcome report={report} />
        </div>
        {!active && (report.failedRows > 0 || linkToReport) ? (
          <div className="import-report__links">
            {linkToReport ? (
              <Link to="/imports/$reportId" params={{ reportId: report.id }} className="btn btn--small">
                Open the report
              </Link>
            ) : null}
            {linkToReport && makesLeads(report.fileType) ? (
              <Link to="/imports/$reportId" params={{ reportId: report.id }} hash="review" className="btn btn--small">
                Review the rows
              </Link>
            ) : null}
            {report.failedRows > 0 ? (
              <>
                <Link to="/imports/$reportId" params={{ reportId: report.id }} hash="row-errors" className="btn btn--small">
                  See the {formatCount(report.failedRows)} row {report.failedRows === 1 ? 'error' : 'errors'}
                </Link>
                <ErrorFileButton reportId={report.id} failedRows={report.failedRows} />
              </>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  )
}

function Outcome({ report }: { report: FileReport }) {
  if (report.status === 'QUEUED') return <p className="panel__meta">Waiting for the job queue…</p>
  if (report.status === 'RUNNING') return <p className="panel__meta">Reading and writing rows…</p>
  const text = reportOutcome(report)
  if (!text) return null
  const box =
    report.status === 'COMPLETED' ? 'success-box' : report.status === 'FAILED' ? 'danger-box' : 'warning-box'
  return (
    <div className={box} data-testid="import-outcome">
      {text}
    </div>
  )
}
