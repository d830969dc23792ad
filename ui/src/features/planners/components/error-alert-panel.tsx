import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { DataTable, type DataTablePaging } from '../../../components/data-table/data-table'
import { ApiError } from '../../../lib/api-client'
import { PLANNER_PAGE_SIZE_OPTIONS } from '../../../lib/config'
import { useErrorAlertLeads } from '../api/get-error-alert-leads'
import type { ErrorAlertQuery } from '../planner-search'
import { errorAlertColumns, errorAlertRowId } from './error-alert-columns'

export interface ErrorAlertPanelProps {
  query: ErrorAlertQuery
  /** Whether Lexus error alerts are listed too. */
  lexus: boolean
  /** `Harbor Toyota`, or `all your stores`. */
  storeLabel: string
  onPage: DataTablePaging['onChange']
}

/**
 * The Toyota error alert view: the leads FEA alert files made, page by page
 * (`POST /api/lisa/fea`). Nothing to preview or transfer: the upload made the
 * leads; when there are none, says how they are made and where.
 */
export function ErrorAlertPanel({ query, lexus, storeLabel, onPage }: ErrorAlertPanelProps) {
  const leads = useErrorAlertLeads(query)
  const columns = useMemo(() => errorAlertColumns(), [])
  const total = leads.data?.totalElements
  const title = lexus ? 'Toyota and Lexus error alert leads' : 'Toyota error alert leads'
  const error = leads.error ? (leads.error instanceof ApiError ? leads.error.message : 'Server is not responding') : null

  return (
    <section className="panel" aria-labelledby="error-alert-title">
      <header className="panel__header planner-candidates__header">
        <div className="planner-candidates__title">
          <h2 id="error-alert-title">{title}</h2>
          <span className="panel__meta" aria-live="polite">
            {total === undefined ? '\u00a0' : `${total} from alert files · ${storeLabel}`}
          </span>
        </div>
        <span className="panel__meta" data-testid="error-alert-no-transfer">
          No preview or transfer here: uploading the alert file made these leads.
        </span>
      </header>
      {error !== null ? (
        <div className="danger-box planner-list-error" role="alert" data-testid="error-alerts-error">
          {error}
        </div>
      ) : null}
      {total === 0 && error === null ? (
        <p className="panel__note" data-testid="error-alerts-empty">
          No error-alert leads for {storeLabel}
          {query.body.searchText ? ` matching “${query.body.searchText}”` : ''}. They are made by uploading an FEA alert file (Imports → Upload a file, file type
          FEA alert): each alert row whose vehicle matches a customer who can be texted becomes a Toyota error alert lead
          (Lexus error alert for a Lexus). <Link to="/imports/upload" search={{ type: 'FEA_ALERT' }}>Upload an alert file</Link>
        </p>
      ) : null}
      <DataTable
        label={title}
        className="planner-table"
        columns={columns}
        data={leads.data?.content}
        getRowId={errorAlertRowId}
        isLoading={leads.isLoading}
        isFetching={leads.isPlaceholderData}
        emptyText={error !== null ? 'The list could not be loaded.' : 'No error-alert leads.'}
        paging={{
          pageIndex: query.page,
          pageSize: query.size,
          rowCount: total ?? 0,
          pageSizeOptions: PLANNER_PAGE_SIZE_OPTIONS,
          onChange: onPage,
        }}
      />
    </section>
  )
}
