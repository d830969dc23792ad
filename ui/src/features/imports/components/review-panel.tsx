import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import type { JobRun } from '../../../components/job-runs/api/get-job-run'
import { SearchInput } from '../../../components/search-input/search-input'
import { notifyApiError } from '../../../lib/api-client'
import { PAGE_SIZE_OPTIONS } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { pagingSearch } from '../../../lib/search-params'
import { importKeys } from '../api/import-keys'
import { useReviewImportedRow } from '../api/review-imported-row'
import { useReviewRows, type ImportedRow } from '../api/search-imported-rows'
import { useStartEnrichment } from '../api/start-enrichment'
import type { FileReport } from '../api/start-import'
import { ENRICHMENT_STATUSES, enrichmentStatusBadge, isActiveReport } from '../import-format'
import { enrichmentCounts, enrichmentSummary, refusalText, reviewEmptyText, rowName } from '../import-review'
import { applyReviewFilters, REPORT_ROWS_PAGE_SIZE, reviewRowsQuery } from '../import-search'
import { MatchRunStatus } from './match-run-status'
import { RejectRowDialog } from './reject-row-dialog'
import { reviewColumns, reviewRowId } from './review-columns'
import { ReviewButtons } from './review-buttons'
import { ReviewStatusFilter } from './review-status-filter'
import { EnrichmentStatusBadge } from './status-badge'

const route = getRouteApi('/_app/imports/$reportId')

/**
 * The review of a recall, prepaid or FEA file (docs/imports.md, "Review"): its
 * rows paged on the server, narrowed by status chips and VIN (in the URL), each
 * accepted or rejected with a reason in place; "Match again" runs enrichment
 * over the file's unmatched rows and follows the run.
 */
export function ReviewPanel({ report }: { report: FileReport }) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const queryClient = useQueryClient()
  const query = reviewRowsQuery(report.id, search)
  const rows = useReviewRows(query)
  const { mutateAsync: review } = useReviewImportedRow()
  const matchAgain = useStartEnrichment()

  const [rejecting, setRejecting] = useState<ImportedRow | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  const [matchRun, setMatchRun] = useState<JobRun | null>(null)

  const loading = isActiveReport(report.status)
  const matching = matchAgain.isPending || (matchRun !== null && (matchRun.status === 'queued' || matchRun.status === 'running'))

  const acceptRow = useCallback(
    (row: ImportedRow) => {
      setActionError(null)
      // Each call's own failure (several rows may be accepted at once).
      review({ reportId: report.id, rowId: row.id, decision: 'ACCEPTED' }).catch((error: unknown) => {
        const text = refusalText(error)
        if (text === null) notifyApiError(error)
        setActionError(`Could not accept ${rowName(row)}: ${text ?? 'the server did not answer. Try again.'}`)
      })
    },
    [review, report.id],
  )

  const openReject = useCallback((row: ImportedRow) => {
    setActionError(null)
    setRejecting(row)
  }, [])
  const closeReject = useCallback(() => setRejecting(null), [])

  const startMatch = () => {
    setActionError(null)
    matchAgain.mutate(
      { reportId: report.id, fileType: report.fileType },
      {
        onSuccess: (started) => {
          notify({ message: started.message })
          setMatchRun(started.jobRun)
        },
        onError: (error) => {
          const text = refusalText(error)
          if (text === null) notifyApiError(error)
          setActionError(`Could not match the rows again: ${text ?? 'the server did not answer. Try again.'}`)
        },
      },
    )
  }

  const onMatchFinished = useCallback(
    (run: JobRun) => {
      setMatchRun(run)
      void queryClient.invalidateQueries({ queryKey: importKeys.reportRows(report.id) })
      void queryClient.invalidateQueries({ queryKey: importKeys.report(report.id) })
      if (run.status === 'succeeded') {
        const counts = enrichmentCounts(run.result)
        notify({ message: counts ? enrichmentSummary(counts) : 'Matched again' })
      } else if (run.status === 'failed') {
        notify({ type: 'danger', message: run.error || 'Matching again failed' })
      }
    },
    [queryClient, report.id],
  )
  const dismissMatch = useCallback(() => setMatchRun(null), [])

  // Made once: a new column definition would mount its cells anew (and lose the focused button).
  const columns = useMemo(
    () => reviewColumns({ actions: (row) => <ReviewButtons row={row} onAccept={acceptRow} onReject={openReject} /> }),
    [acceptRow, openReject],
  )

  // A link to #review (from the upload) scrolls there once the table is shown.
  const panelRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (window.location.hash === '#review') panelRef.current?.scrollIntoView({ block: 'start' })
  }, [])

  const total = rows.data?.totalElements
  const filtered = query.statuses.length > 0 || query.vin !== undefined

  return (
    <section className="panel review" id="review" ref={panelRef} aria-labelledby="review-title">
      <header className="panel__header review__header">
        <div className="import-panel-title">
          <h2 id="review-title">Review</h2>
          <span className="panel__meta" aria-live="polite">
            {total === undefined ? '\u00a0' : `${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'}${filtered ? ' match the filters' : ''}`} ·
            accept or reject what enrichment made of each
          </span>
        </div>
        <div className="page__actions">
          <button
            type="button"
            className="btn btn--small"
            disabled={matching || loading}
            title={
              loading
                ? 'Wait for the load to finish'
                : 'Match the rows that found no customer, or no textable one, again: customers and vehicles may have arrived since'
            }
            onClick={startMatch}
          >
            <span aria-hidden="true">↻</span> {matching ? 'Matching…' : 'Match again'}
          </button>
        </div>
      </header>

      {matchRun ? (
        <MatchRunStatus key={matchRun.id} started={matchRun} onFinished={onMatchFinished} onDismiss={dismissMatch} />
      ) : null}

      <div className="panel__header panel__header--toolbar review__toolbar">
        <ReviewStatusFilter
          value={query.statuses}
          onChange={(status) => void navigate({ search: (prev) => applyReviewFilters(prev, { status }), hash: 'review', replace: true })}
        />
        <label className="filters__field review__vin">
          <span>VIN</span>
          <SearchInput
            label="VIN"
            placeholder="Whole VIN"
            value={search.vin ?? ''}
            onSearch={(vin) => void navigate({ search: (prev) => applyReviewFilters(prev, { vin }), hash: 'review', replace: true })}
          />
        </label>
      </div>

      {actionError !== null ? (
        <div className="danger-box review__error" role="alert" data-testid="review-error">
          <span>{actionError}</span>
          <button type="button" className="btn btn--small" onClick={() => setActionError(null)}>
            Dismiss
          </button>
        </div>
      ) : null}

      <DataTable
        label="Imported rows to review"
        className="import-table review-table"
        columns={columns}
        data={rows.data?.content}
        getRowId={reviewRowId}
        isLoading={rows.isPending}
        isFetching={rows.isPlaceholderData}
        emptyText={reviewEmptyText({ failed: rows.isError, loading, statuses: query.statuses, vin: query.vin })}
        paging={{
          pageIndex: query.page,
          pageSize: query.size,
          rowCount: total ?? 0,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          onChange: (next) => {
            const paging = pagingSearch(next, REPORT_ROWS_PAGE_SIZE)
            void navigate({ search: (prev) => ({ ...prev, rowsPage: paging.page, rowsSize: paging.size }), hash: 'review' })
          },
        }}
      />

      <details className="import-facts review__legend">
        <summary>What the statuses mean</summary>
        <dl className="review-legend">
          {ENRICHMENT_STATUSES.map((status) => (
            <div key={status} className="review-legend__item">
              <dt>
                <EnrichmentStatusBadge status={status} />
              </dt>
              <dd>{enrichmentStatusBadge(status).hint}</dd>
            </div>
          ))}
        </dl>
      </details>

      <RejectRowDialog row={rejecting} reportId={report.id} onClose={closeReject} />
    </section>
  )
}
