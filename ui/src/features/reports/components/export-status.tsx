import { useJobRun, type JobRun } from '../../../components/job-runs/api/get-job-run'
import { useLiveJobRun } from '../../../components/job-runs/api/job-events'
import { jobRunDownload } from '../../../components/job-runs/job-download'
import { JobDownloadLink } from '../../../components/job-runs/job-download-link'
import { JobProgress } from '../../../components/job-runs/job-progress'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { isFinishedJobStatus } from '../../../lib/job-status'
import { useStreamDown } from '../../../lib/realtime'
import { formatInteger } from '../report-format'
import type { ExportFormat } from '../api/export-report'

export interface ExportStatusProps {
  /** The export's run as the call answered it (queued, usually). */
  started: JobRun
  format: ExportFormat
  onDismiss: () => void
}

/**
 * An export followed live, as the other screens follow their runs (the realtime
 * stream; polling every 2 s while it is down): the jobs' progress bar, then the
 * file to download, or the run's error.
 */
export function ExportStatus({ started, format, onDismiss }: ExportStatusProps) {
  const runId = started.id
  const streamDown = useStreamDown()
  const detail = useJobRun(runId, { poll: streamDown })
  useLiveJobRun(runId)
  const run = detail.data?.run ?? started
  const finished = isFinishedJobStatus(run.status)
  const download = jobRunDownload(run)

  return (
    <section className="panel panel--padded report-export" aria-labelledby={`export-${runId}-title`} data-testid="report-export">
      <div className="report-export__header">
        <h2 id={`export-${runId}-title`}>{format} export</h2>
        <div className="page__actions">
          <JobRunLink runId={runId} status={run.status} />
          {finished ? (
            <button type="button" className="btn btn--small" onClick={onDismiss}>
              Dismiss
            </button>
          ) : null}
        </div>
      </div>
      {finished ? null : <JobProgress run={run} label="Export progress" />}
      <div role="status" className="report-export__result">
        {run.status === 'queued' ? <p className="panel__meta">Waiting for the job queue…</p> : null}
        {run.status === 'running' ? <p className="panel__meta">Writing the file…</p> : null}
        {run.status === 'failed' ? (
          <div className="danger-box">
            <strong>The export failed</strong>
            {run.error ? <span>{run.error}</span> : null}
          </div>
        ) : null}
        {run.status === 'cancelled' ? (
          <div className="warning-box">
            <strong>The export was cancelled</strong>
          </div>
        ) : null}
        {run.status === 'succeeded' ? (
          download ? (
            <div className="success-box report-export__done">
              <strong>
                Ready{download.fileName ? `: ${download.fileName}` : ''}
                {download.rows !== null ? ` (${formatInteger(download.rows)} ${download.rows === 1 ? 'row' : 'rows'})` : ''}
              </strong>
              <span>
                <JobDownloadLink download={download} className="btn btn--primary btn--small" />
              </span>
            </div>
          ) : (
            <div className="warning-box">
              <strong>The export finished without a file to download.</strong>
            </div>
          )
        ) : null}
      </div>
    </section>
  )
}
