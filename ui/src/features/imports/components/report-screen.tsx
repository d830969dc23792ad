import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { enterpriseStoresQueryOptions } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { ApiError } from '../../../lib/api-client'
import { PAGE_SIZE_OPTIONS } from '../../../lib/config'
import { formatDateTime } from '../../../lib/date-time'
import { oneOf, pagingSearch } from '../../../lib/search-params'
import { useSession } from '../../../lib/session'
import { useFileReport } from '../api/get-file-report'
import { useImportFields } from '../api/get-import-fields'
import { useRowErrors } from '../api/get-row-errors'
import { importKeys } from '../api/import-keys'
import type { FileReport } from '../api/start-import'
import { FILE_TYPE_CODES, fileTypeLabel, makesLeads } from '../file-types'
import { importAccess } from '../import-access'
import { isActiveReport } from '../import-format'
import { REPORT_ROWS_PAGE_SIZE, rowErrorsQuery } from '../import-search'
import { ErrorFileButton } from './error-file-button'
import { ImportsUnavailable } from './imports-unavailable'
import { ReportSummary } from './report-summary'
import { ReviewPanel } from './review-panel'
import { rowErrorColumns, rowErrorRowId } from './row-error-columns'
import { formatBytes } from '../../../lib/format-number'

const route = getRouteApi('/_app/imports/$reportId')

/**
 * /imports/$reportId — one uploaded file: its load (live while it runs), the
 * counts, the refused rows with the error file, and for campaign files the
 * review of the imported rows (what enrichment made of each, accepted or
 * rejected by a reviewer, matched again).
 */
export function ImportReportScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const { reportId } = route.useParams()
  const access = importAccess(user)
  const report = useFileReport(reportId)
  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterprise?.id ?? 0), enabled: enterprise !== null })

  const back = (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <Link to="/imports" search={{ type: oneOf(report.data?.fileType, FILE_TYPE_CODES) }}>
        Imports
      </Link>
      <span aria-hidden="true">/</span>
      <span>Report #{reportId}</span>
    </nav>
  )

  if (access !== 'ok') return <ImportsUnavailable user={user} access={access} title="Import report" />

  if (!report.data) {
    const notFound = report.error instanceof ApiError && report.error.status === 404
    return (
      <section className="page">
        {back}
        {report.isPending ? (
          <div className="panel panel__note" aria-busy="true">
            Loading the report…
          </div>
        ) : (
          <div className="panel panel--error" role="alert">
            <h2>{notFound ? 'Report not found' : 'The report could not be loaded'}</h2>
            <p>{notFound ? `There is no upload #${reportId} that you can see.` : report.error?.message}</p>
            {notFound ? null : (
              <button type="button" className="btn" onClick={() => void report.refetch()}>
                Try again
              </button>
            )}
          </div>
        )}
      </section>
    )
  }

  const data = report.data
  const storeName = stores.data?.find((s) => s.id === data.storeId)?.storeName ?? (data.storeId ? `Store #${data.storeId}` : undefined)
  return (
    <section className="page page--imports">
      {back}
      <header className="page__header">
        <div className="page__title">
          <h1>
            {data.fileName} <span className="page__subtitle">{fileTypeLabel(data.fileType)}</span>
          </h1>
        </div>
      </header>
      <ReportSummary report={data} title="Load" storeName={storeName}>
        <ReportFacts report={data} />
      </ReportSummary>
      <ReportRows report={data} />
    </section>
  )
}

function ReportFacts({ report }: { report: FileReport }) {
  const fields = useImportFields(report.fileType)
  const labelOf = (key: string) => fields.data?.find((f) => f.key === key)?.label ?? key
  const mapping = Object.entries(report.mapping)
  return (
    <details className="import-facts">
      <summary>File details and column mapping</summary>
      <dl className="facts" data-testid="report-mapping">
        <div className="facts__item">
          <dt>Uploaded</dt>
          <dd>{formatDateTime(report.createdOn)}</dd>
        </div>
        <div className="facts__item">
          <dt>Finished</dt>
          <dd>{formatDateTime(report.finishedOn)}</dd>
        </div>
        <div className="facts__item">
          <dt>Format</dt>
          <dd>
            {report.fileFormat ?? '—'} · {formatBytes(report.sizeBytes)}
          </dd>
        </div>
        {mapping.map(([field, header]) => (
          <div className="facts__item" key={field}>
            <dt>{labelOf(field)} from</dt>
            <dd>“{header}”</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

/** The row errors and (campaign files) the review of the rows, each paged in the URL; fetched again when the load moves and ends. */
function ReportRows({ report }: { report: FileReport }) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const queryClient = useQueryClient()
  const errorsQuery = rowErrorsQuery(report.id, search)
  const withRows = makesLeads(report.fileType)
  const errors = useRowErrors(errorsQuery)
  const errorColumns = useMemo(() => rowErrorColumns(), [])

  // While the load runs, the tables are fetched again when the counts move, and once more when it ends.
  const active = isActiveReport(report.status)
  const seen = useRef({ failed: report.failedRows, done: report.importedRows, active })
  useEffect(() => {
    const before = seen.current
    seen.current = { failed: report.failedRows, done: report.importedRows, active }
    if (before.failed !== report.failedRows || before.done !== report.importedRows || before.active !== active) {
      void queryClient.invalidateQueries({ queryKey: importKeys.reportRows(report.id) })
    }
  }, [queryClient, report.id, report.failedRows, report.importedRows, active])

  // A link to #row-errors (from the upload) scrolls there once the table is shown.
  const errorsRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (window.location.hash === '#row-errors') errorsRef.current?.scrollIntoView({ block: 'start' })
  }, [])

  return (
    <>
      <section className="panel" id="row-errors" ref={errorsRef} aria-labelledby="row-errors-title">
        <header className="panel__header">
          <div className="import-panel-title">
            <h2 id="row-errors-title">Row errors</h2>
            <span className="panel__meta">
              {report.failedRows === 0 ? 'No row was refused' : `${report.failedRows} ${report.failedRows === 1 ? 'row' : 'rows'} refused, by line`}
            </span>
          </div>
          <ErrorFileButton reportId={report.id} failedRows={report.failedRows} />
        </header>
        <DataTable
          label="Row errors"
          className="import-table"
          columns={errorColumns}
          data={errors.data?.content}
          getRowId={rowErrorRowId}
          isLoading={errors.isPending}
          isFetching={errors.isPlaceholderData}
          emptyText={errors.isError ? 'The row errors could not be loaded.' : active ? 'None so far.' : 'Every row was loaded.'}
          paging={{
            pageIndex: errorsQuery.page,
            pageSize: errorsQuery.size,
            rowCount: errors.data?.totalElements ?? 0,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            onChange: (next) => {
              const paging = pagingSearch(next, REPORT_ROWS_PAGE_SIZE)
              void navigate({ search: (prev) => ({ ...prev, errorsPage: paging.page, errorsSize: paging.size }), hash: 'row-errors' })
            },
          }}
        />
      </section>

      {withRows ? <ReviewPanel report={report} /> : null}
    </>
  )
}
