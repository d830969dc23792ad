import { JOB_KINDS } from '../../../lib/job-kinds'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { DataTable } from '../../../components/data-table/data-table'
import { useJobRun, type JobRun } from '../../../components/job-runs/api/get-job-run'
import { useLiveJobRun } from '../../../components/job-runs/api/job-events'
import { JobProgress } from '../../../components/job-runs/job-progress'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { Switch } from '../../../components/switch/switch'
import { PAGE_SIZE_OPTIONS } from '../../../lib/config'
import { isActiveJobStatus, isFinishedJobStatus } from '../../../lib/job-status'
import { useStreamDown } from '../../../lib/realtime'
import { useCancelBulkRun } from '../api/cancel-bulk-run'
import { useBulkReport } from '../api/get-bulk-report'
import { outreachKeys } from '../api/outreach-keys'
import { bulkRunResult } from '../bulk-format'
import { CountCards } from './count-cards'
import { ReasonBreakdown } from './reason-breakdown'
import { reportColumns, reportRowId } from './report-columns'
import { formatCount } from '../../../lib/format-number'
import { useStoreTimeZones } from '../../../components/enterprise-stores/store-time-zone'

/** While the run settles leads, its results are fetched again this often. */
const REPORT_REFRESH_MS = 3000

export interface BulkRunPanelProps {
  runId: number
  /** The run as the start call answered it, until its own fetch arrives. */
  started?: JobRun
  /** Only the leads not texted (`/failed`). */
  notTexted: boolean
  page: number
  size: number
  onPagingChange: (next: { pageIndex: number; pageSize: number }) => void
  onNotTextedChange: (notTexted: boolean) => void
  onDismiss: () => void
  /** Called once when a run seen under way here is over. */
  onFinished: (run: JobRun) => void
}

/**
 * A bulk run followed live (the realtime stream; polling while it is down):
 * the jobs' progress bar with Cancel, the result counts and skip reasons when
 * it is over, and what it did with each lead (the bulk-conversation report,
 * paged on the server; "Only not texted" lists the skipped and failed ones).
 */
export function BulkRunPanel(props: BulkRunPanelProps) {
  const { runId, started, onDismiss, onFinished } = props
  const queryClient = useQueryClient()
  const streamDown = useStreamDown()
  const detail = useJobRun(runId, { poll: streamDown })
  useLiveJobRun(runId)
  const run = detail.data?.run ?? started

  // Tell the screen once when a run it saw under way is over; fetch the results once more then.
  const sawActive = useRef(false)
  const reported = useRef(false)
  useEffect(() => {
    if (!run) return
    if (isActiveJobStatus(run.status)) sawActive.current = true
    if (!isFinishedJobStatus(run.status) || reported.current) return
    reported.current = true
    void queryClient.invalidateQueries({ queryKey: outreachKeys.runReports(runId) })
    if (sawActive.current) onFinished(run)
  }, [run, runId, queryClient, onFinished])

  if (!run) {
    return (
      <section className="panel bulk-run" aria-label={`Run #${runId}`} data-testid="bulk-run">
        <header className="panel__header">
          <h2>Run #{runId}</h2>
          <button type="button" className="btn btn--small" onClick={onDismiss}>
            Dismiss
          </button>
        </header>
        {detail.isError ? (
          <div className="danger-box bulk-run__body" role="alert">
            This run could not be loaded.
          </div>
        ) : (
          <p className="panel__note">Loading the run…</p>
        )}
      </section>
    )
  }
  if (run.kind !== JOB_KINDS.bulkInitiate) {
    return (
      <section className="panel bulk-run" aria-label={`Run #${runId}`} data-testid="bulk-run">
        <div className="warning-box bulk-run__body" role="alert">
          <span>
            <JobRunLink runId={runId} /> is not a bulk initiation ({run.kind}).
          </span>
          <button type="button" className="btn btn--small" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      </section>
    )
  }
  return <RunDetails {...props} run={run} />
}

function RunDetails({ run, notTexted, page, size, onPagingChange, onNotTextedChange, onDismiss }: BulkRunPanelProps & { run: JobRun }) {
  const active = isActiveJobStatus(run.status)
  const finished = isFinishedJobStatus(run.status)
  const cancel = useCancelBulkRun()
  const [confirmingCancel, setConfirmingCancel] = useState(false)
  const report = useBulkReport(
    { member: notTexted ? 'failed' : 'status', jobRunId: run.id, page, size },
    { refetchInterval: active ? REPORT_REFRESH_MS : false },
  )
  const zoneOf = useStoreTimeZones()
  const columns = useMemo(() => reportColumns(zoneOf), [zoneOf])
  const titleId = `bulk-run-${run.id}-title`

  return (
    <section className="panel bulk-run" aria-labelledby={titleId} data-testid="bulk-run">
      <header className="panel__header bulk-run__header">
        <div className="bulk-run__title">
          <h2 id={titleId}>Texting run</h2>
          <JobRunLink runId={run.id} status={run.status} />
        </div>
        <div className="page__actions">
          {active ? (
            <button
              type="button"
              className="btn btn--danger btn--small"
              disabled={cancel.isPending || run.cancelRequested}
              onClick={() => setConfirmingCancel(true)}
            >
              {run.cancelRequested ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
          {finished ? (
            <button type="button" className="btn btn--small" onClick={onDismiss}>
              Dismiss
            </button>
          ) : null}
        </div>
      </header>
      <div className="bulk-run__body">
        <JobProgress run={run} label="Texting progress" size="large" />
        <div role="status" className="bulk-run__status">
          <RunStatus run={run} />
        </div>
      </div>

      <section className="bulk-results" aria-labelledby={`${titleId}-results`}>
        <header className="bulk-results__header">
          <h3 id={`${titleId}-results`}>Per lead</h3>
          <label className="bulk-results__toggle">
            <Switch checked={notTexted} label="Only not texted" onChange={onNotTextedChange} />
            <span aria-hidden="true">Only not texted</span>
          </label>
        </header>
        <DataTable
          label="Run results"
          className="bulk-table"
          columns={columns}
          data={report.data?.content}
          getRowId={reportRowId}
          isLoading={report.isLoading}
          isFetching={report.isPlaceholderData}
          emptyText={
            report.isError
              ? 'The results could not be loaded.'
              : notTexted
                ? finished
                  ? 'Every lead was texted.'
                  : 'No lead has been left out so far.'
                : active
                  ? 'No lead settled yet.'
                  : 'Nobody was in this run.'
          }
          paging={{
            pageIndex: page,
            pageSize: size,
            rowCount: report.data?.totalElements ?? 0,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            onChange: onPagingChange,
          }}
        />
      </section>

      <ConfirmDialog
        open={confirmingCancel}
        header="Cancel texting"
        message={`Stop run #${run.id}? Leads already texted or queued for their allowed hours keep their texts; the rest are not texted.`}
        confirmText="Stop texting"
        cancelText="Keep going"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(run.id, { onSettled: () => setConfirmingCancel(false) })}
        onCancel={() => setConfirmingCancel(false)}
      />
    </section>
  )
}

function RunStatus({ run }: { run: JobRun }) {
  const { total, done, skipped, failed } = run.counts
  if (run.status === 'queued') return <p className="panel__meta">Waiting for the job queue…</p>
  if (run.status === 'running') {
    return (
      <p className="panel__meta">
        {total > 0
          ? `Texting… ${formatCount(done + skipped + failed)} of ${formatCount(total)} leads settled: ${formatCount(done)} texted or deferred, ${formatCount(skipped)} skipped, ${formatCount(failed)} failed.`
          : 'Fixing the leads of the selection…'}
      </p>
    )
  }
  if (run.status === 'failed') {
    return (
      <div className="danger-box" data-testid="bulk-run-result">
        <strong>The run failed</strong>
        {run.error ? <span>{run.error}</span> : null}
        <span>Leads it texted keep their texts; Retry on the run page goes on with the rest.</span>
      </div>
    )
  }
  const result = bulkRunResult(run.result)
  if (run.status === 'cancelled') {
    return (
      <div className="warning-box" data-testid="bulk-run-result">
        <strong>The run was cancelled</strong>
        <span>
          {formatCount(done)} texted or deferred, {formatCount(skipped)} skipped and {formatCount(failed)} failed before it stopped.
        </span>
      </div>
    )
  }
  if (!result) return null
  return (
    <div className="bulk-run__result" data-testid="bulk-run-result">
      <div className="success-box">
        <strong>{result.message || 'Done'}</strong>
        <span>
          {formatCount(result.sent + result.deferred)} of {formatCount(total)} {total === 1 ? 'lead' : 'leads'} texted or queued for
          their allowed hours.
        </span>
      </div>
      <div className="bulk-run__summary">
        <CountCards
          label="Run counts"
          cards={[
            { id: 'sent', label: 'Texted', value: result.sent, tone: 'success' },
            { id: 'deferred', label: 'Deferred to allowed hours', value: result.deferred, tone: 'info', hint: 'Queued; sent when the allowed hours open' },
            { id: 'skipped', label: 'Skipped', value: result.skipped, tone: 'warning' },
            { id: 'failed', label: 'Failed', value: result.failed, tone: result.failed > 0 ? 'danger' : 'neutral' },
          ]}
        />
        <ReasonBreakdown reasons={result.skippedByReason} skipped={result.skipped + result.failed} title="Not texted because" />
      </div>
    </div>
  )
}
