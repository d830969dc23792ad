import { getRouteApi, Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { DataTable } from '../../components/data-table/data-table'
import { useJobRun } from '../../components/job-runs/api/get-job-run'
import { useJobRuns, type JobRunQuery } from '../../components/job-runs/api/get-job-runs'
import { useLiveJobRun, useLiveJobRuns } from '../../components/job-runs/api/job-events'
import { jobRunDownload } from '../../components/job-runs/job-download'
import { JobDownloadLink } from '../../components/job-runs/job-download-link'
import { JobProgress } from '../../components/job-runs/job-progress'
import { JobStatusBadge } from '../../components/job-runs/job-status-badge'
import { RealtimeStatus } from '../../components/realtime-status/realtime-status'
import { ApiError } from '../../lib/api-client'
import { DEFAULT_PAGE_SIZE, JOBS_FALLBACK_POLL_MS } from '../../lib/config'
import { pagingSearch } from '../../lib/search-params'
import { isActiveJobStatus } from '../../lib/job-status'
import { useStreamDown } from '../../lib/realtime'
import { useNow } from '../../lib/use-now'
import { useJobKinds } from './api/get-job-kinds'
import { useJobStats } from './api/get-job-stats'
import { JobFilters, type JobFilterValues } from './components/job-filters'
import { JobLogTail } from './components/job-log-tail'
import { JobRunActions } from './components/job-run-actions'
import { jobRunColumns, jobRunRowId, runTimeZone } from './components/job-run-columns'
import { JobRunFacts } from './components/job-run-facts'
import { JobStatsCards } from './components/job-stats-cards'
import { JsonBlock } from './components/json-block'
import { StartJobDialog } from './components/start-job-dialog'
import { useStoreTimeZones } from '../../components/enterprise-stores/store-time-zone'

const jobsRoute = getRouteApi('/_app/jobs')
const jobRunRoute = getRouteApi('/_app/jobs/$runId')

/** /jobs — queue statistics and the runs, paged on the server and updated live. */
export function JobsScreen() {
  const params = jobsRoute.useSearch()
  const navigate = jobsRoute.useNavigate()
  const query: JobRunQuery = {
    page: params.page ?? 0,
    size: params.size ?? DEFAULT_PAGE_SIZE,
    kind: params.kind,
    status: params.status,
    from: params.from,
    to: params.to,
  }
  const filters: JobFilterValues = { kind: params.kind, status: params.status, from: params.from, to: params.to }

  // While the live stream is down, poll instead.
  const poll = useStreamDown() ? JOBS_FALLBACK_POLL_MS : false
  const runs = useJobRuns(query, { refetchInterval: poll })
  const stats = useJobStats({ refetchInterval: poll })
  const kinds = useJobKinds()
  useLiveJobRuns(query, runs.data)

  const anyRunning = runs.data?.content.some((run) => run.status === 'running') ?? false
  const now = useNow(1000, anyRunning)
  // A succeeded run that made a file (a report export) offers it for download.
  const files = runs.data?.content.some((run) => jobRunDownload(run) !== null) ?? false
  const actions = runs.data?.content.some((run) => run.actions.length > 0) ?? false
  const zoneOf = useStoreTimeZones()
  const columns = useMemo(() => jobRunColumns(now, { files, actions, zoneOf }), [now, files, actions, zoneOf])
  const [starting, setStarting] = useState(false)

  const startable = kinds.data?.filter((kind) => kind.startable) ?? []

  return (
    <section className="page">
      <header className="page__header">
        <h1>Jobs</h1>
        <div className="page__actions">
          <RealtimeStatus />
          {startable.length > 0 ? (
            <button type="button" className="btn btn--primary" onClick={() => setStarting(true)}>
              Start job
            </button>
          ) : null}
        </div>
      </header>

      <JobStatsCards stats={stats.data} />

      <section className="panel" aria-label="Job runs">
        <header className="panel__header panel__header--toolbar">
          <JobFilters
            value={filters}
            kinds={kinds.data ?? []}
            onChange={(next) =>
              void navigate({
                search: (prev) => ({
                  ...prev,
                  kind: next.kind,
                  status: next.status,
                  from: next.from,
                  to: next.to,
                  page: undefined,
                }),
              })
            }
          />
        </header>
        <DataTable
          label="Job runs"
          columns={columns}
          data={runs.data?.content}
          getRowId={jobRunRowId}
          isLoading={runs.isPending}
          isFetching={runs.isPlaceholderData}
          onRowClick={(run) => void navigate({ to: '/jobs/$runId', params: { runId: run.id } })}
          paging={{
            pageIndex: query.page,
            pageSize: query.size,
            rowCount: runs.data?.totalElements ?? 0,
            onChange: (next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, DEFAULT_PAGE_SIZE) }) }),
          }}
        />
      </section>

      {startable.length > 0 ? (
        <StartJobDialog
          open={starting}
          kinds={startable}
          onClose={() => setStarting(false)}
          onStarted={(run) => {
            setStarting(false)
            void navigate({ to: '/jobs/$runId', params: { runId: run.id } })
          }}
        />
      ) : null}
    </section>
  )
}

/** /jobs/$runId — one run: progress (live), facts, input, result, error and the log tail. */
export function JobRunScreen() {
  const { runId } = jobRunRoute.useParams()
  const streamDown = useStreamDown()
  const detail = useJobRun(runId, { poll: streamDown })
  useLiveJobRun(runId)

  const run = detail.data?.run
  const now = useNow(1000, run?.status === 'running')
  const zoneOf = useStoreTimeZones()

  const back = (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <Link to="/jobs">Jobs</Link>
      <span aria-hidden="true">/</span>
      <span>Run #{runId}</span>
    </nav>
  )

  if (!run) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404
    return (
      <section className="page">
        {back}
        {detail.isPending ? (
          <div className="panel panel__note" aria-busy="true">
            Loading run…
          </div>
        ) : (
          <div className="panel panel--error" role="alert">
            <h2>{notFound ? 'Run not found' : 'The run could not be loaded'}</h2>
            <p>{notFound ? `There is no run #${runId} that you can see.` : detail.error?.message}</p>
            {notFound ? null : (
              <button type="button" className="btn" onClick={() => void detail.refetch()}>
                Try again
              </button>
            )}
          </div>
        )}
      </section>
    )
  }

  const logs = detail.data?.logs ?? []
  const download = jobRunDownload(run)
  const timeZone = runTimeZone(run, zoneOf)

  return (
    <section className="page">
      {back}
      <header className="page__header">
        <div className="page__title">
          <h1>
            Run #{run.id} <span className="page__subtitle" title={run.kind}>{run.label}</span>
          </h1>
          <JobStatusBadge status={run.status} cancelRequested={run.cancelRequested} />
        </div>
        <div className="page__actions">
          <RealtimeStatus />
          {download ? <JobDownloadLink download={download} /> : null}
          <JobRunActions run={run} />
        </div>
      </header>

      <section className="panel run-summary" aria-label="Run summary">
        <JobProgress run={run} label="Run progress" size="large" />
        <JobRunFacts run={run} now={now} timeZone={timeZone} />
      </section>

      {run.error ? (
        <div className="danger-box" role="alert" data-testid="run-error">
          <strong>{isActiveJobStatus(run.status) ? 'Last error' : 'Error'}</strong>
          <p>{run.error}</p>
        </div>
      ) : null}

      <div className="panel-grid">
        <section className="panel panel--padded">
          <JsonBlock label="Input" value={run.input} />
        </section>
        <section className="panel panel--padded">
          <JsonBlock label="Result" value={run.result} emptyText={isActiveJobStatus(run.status) ? 'Not finished yet' : 'None'} />
        </section>
      </div>

      <section className="panel" aria-labelledby="run-log">
        <header className="panel__header">
          <h2 id="run-log">Log</h2>
          <span className="panel__meta">{logs.length === 0 ? '' : `Last ${logs.length} lines`}</span>
        </header>
        <JobLogTail logs={logs} timeZone={timeZone} />
      </section>
    </section>
  )
}
