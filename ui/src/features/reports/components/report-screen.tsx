import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import type { JobRun } from '../../../components/job-runs/api/get-job-run'
import { useReportCatalogue, type ReportKindView } from '../../../components/report-catalogue/api/get-report-catalogue'
import { pagingSearch } from '../../../lib/search-params'
import { useSession } from '../../../lib/session'
import { useNow } from '../../../lib/use-now'
import { dayKey, formatDay } from '../../../lib/date-time'
import { useExportReport, type ExportFormat } from '../api/export-report'
import { reportKeys } from '../api/report-keys'
import { reportErrorText, useReport, type ReportView } from '../api/run-report'
import { formatInteger } from '../report-format'
import { carriedFilters, DEFAULT_REPORT_PAGE_SIZE, openingSearch, REPORT_PAGE_SIZES, reportRequest, reportWindow } from '../report-search'
import { ExportMenu } from './export-menu'
import { ExportStatus } from './export-status'
import { reportColumns, reportRowId, reportRows } from './report-columns'
import { ReportFilters } from './report-filters'
import { ScheduleReportDialog } from './schedule-report-dialog'

const route = getRouteApi('/_app/reports/$kind')

const NO_COLUMNS: ReportView['columns'] = []

/** The chart library is loaded with the first chart, not with the app. */
const ReportChart = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart })))

/**
 * /reports/$kind — one report over the filter in the URL: its chart (when it
 * has one), its table (server-paged for lists, with the totals row for
 * aggregates) and the CSV / XLSX export.
 */
export function ReportScreen() {
  const { kind } = route.useParams()
  const search = route.useSearch()
  const catalogue = useReportCatalogue()
  const entry = catalogue.data?.find((r) => r.key === kind)

  const back = (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <Link to="/reports" search={carriedFilters(search)}>
        Reports
      </Link>
      <span aria-hidden="true">/</span>
      <span>{entry?.title ?? kind}</span>
    </nav>
  )

  if (!entry) {
    return (
      <section className="page">
        {back}
        {catalogue.isPending ? (
          <div className="panel panel__note" aria-busy="true">
            Loading the report…
          </div>
        ) : catalogue.isError ? (
          <div className="panel panel--error" role="alert">
            <p>The reports could not be loaded.</p>
            <button type="button" className="btn" onClick={() => void catalogue.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <div className="panel panel--error" role="alert">
            <h2>Report not found</h2>
            <p>There is no report “{kind}” that you can read.</p>
            <Link to="/reports">All reports</Link>
          </div>
        )}
      </section>
    )
  }

  // A new report starts with its own state (an export of another one is on the jobs screen).
  return <ReportPage key={entry.key} entry={entry} reports={catalogue.data ?? []} back={back} />
}

interface ReportPageProps {
  entry: ReportKindView
  reports: ReportKindView[]
  back: ReactNode
}

function ReportPage({ entry, reports, back }: ReportPageProps) {
  const kind = entry.key
  const search = openingSearch(route.useSearch(), entry.defaultMonths)
  const navigate = route.useNavigate()
  const user = useSession()
  const enterpriseId = user?.enterprise?.id
  const today = dayKey(useNow(60_000))
  const request = reportRequest(kind, search, { paged: entry.paged, today, caller: { enterpriseId } })
  const report = useReport(request)
  const queryClient = useQueryClient()

  const exporting = useExportReport()
  const [exportRun, setExportRun] = useState<{ run: JobRun; format: ExportFormat } | null>(null)
  const [scheduling, setScheduling] = useState(false)

  // A failure empties the table (X5); its columns stay when an earlier answer of this report had them.
  const shown: ReportView | undefined = report.isError ? undefined : report.data
  const columnsSource = useMemo(
    () =>
      shown?.columns ??
      queryClient
        .getQueriesData<ReportView>({ queryKey: reportKeys.kind(kind) })
        .map(([, data]) => data)
        .find((data) => data !== undefined)?.columns ??
      NO_COLUMNS,
    [shown, queryClient, kind],
  )
  const totals = shown?.totals
  const columns = useMemo(() => reportColumns(columnsSource, totals), [columnsSource, totals])
  const rows = useMemo(() => (shown ? reportRows(shown.content, entry.paged ? shown.page * shown.size : 0) : []), [shown, entry.paged])

  const days = shown ? { from: shown.startDate, to: shown.endDate } : reportWindow(search, today)
  const rowCount = shown?.totalElements ?? 0

  const switchId = useId()
  const summaries = reports.filter((r) => !r.paged)
  const lists = reports.filter((r) => r.paged)

  return (
    <section className="page page--report">
      {back}
      <header className="page__header">
        <div className="page__title">
          <h1>{entry.title}</h1>
        </div>
        <div className="page__actions">
          <div className="report-switch">
            <label htmlFor={switchId}>Report</label>
            <select
              id={switchId}
              value={kind}
              onChange={(event) =>
                void navigate({ to: '/reports/$kind', params: { kind: event.target.value }, search: carriedFilters(search) })
              }
            >
              <optgroup label="Summaries">
                {summaries.map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.title}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Lists">
                {lists.map((r) => (
                  <option key={r.key} value={r.key}>
                    {r.title}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          <ExportMenu
            busy={exporting.isPending}
            onExport={(format) =>
              exporting.mutate({ kind, body: request.body, format }, { onSuccess: (run) => setExportRun({ run, format }) })
            }
          />
          {enterpriseId !== undefined ? (
            <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setScheduling(true)}>
              Schedule e-mail
            </button>
          ) : null}
        </div>
      </header>
      {enterpriseId !== undefined ? (
        <ScheduleReportDialog
          open={scheduling}
          kind={kind}
          title={entry.title}
          enterpriseId={enterpriseId}
          search={search}
          onClose={() => setScheduling(false)}
        />
      ) : null}
      <p className="report-description">{entry.description}</p>

      <section className="panel panel--padded" aria-label="Report filters">
        <ReportFilters kind={kind} enterpriseId={enterpriseId} search={search} today={today} onChange={(next) => void navigate({ search: next })} />
      </section>

      {exportRun ? <ExportStatus key={exportRun.run.id} started={exportRun.run} format={exportRun.format} onDismiss={() => setExportRun(null)} /> : null}

      {report.isError ? (
        <div className="warning-box" role="alert" data-testid="report-error">
          <strong>{reportErrorText(report.error)}</strong>
        </div>
      ) : null}

      {entry.chart && shown && shown.content.length > 0 ? (
        <section className="panel panel--padded report-chart-panel" aria-label="Chart" data-fetching={report.isPlaceholderData || undefined}>
          <Suspense fallback={<p className="panel__note">Drawing the chart…</p>}>
            <ReportChart title={entry.title} report={shown} />
          </Suspense>
        </section>
      ) : null}

      <section className="panel" aria-labelledby="report-table-title">
        <header className="panel__header">
          <h2 id="report-table-title">
            {formatDay(days.from)} – {formatDay(days.to)}
          </h2>
          <span className="panel__meta" data-testid="report-count">
            {shown ? `${formatInteger(rowCount)} ${rowCount === 1 ? 'row' : 'rows'}` : report.isFetching ? 'Loading…' : ''}
          </span>
        </header>
        {columns.length === 0 && report.isPending ? (
          <p className="panel__note" aria-busy="true">
            Loading the report…
          </p>
        ) : (
        <DataTable
          label={entry.title}
          className="report-table"
          columns={columns}
          data={report.isError ? [] : shown ? rows : undefined}
          getRowId={reportRowId}
          isLoading={report.isPending}
          isFetching={report.isPlaceholderData}
          skeletonRows={6}
          paging={
            entry.paged
              ? {
                  pageIndex: request.page?.page ?? 0,
                  pageSize: request.page?.size ?? DEFAULT_REPORT_PAGE_SIZE,
                  rowCount,
                  pageSizeOptions: REPORT_PAGE_SIZES,
                  onChange: (next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, DEFAULT_REPORT_PAGE_SIZE) }) }),
                }
              : undefined
          }
        />
        )}
      </section>
    </section>
  )
}
