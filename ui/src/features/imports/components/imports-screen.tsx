import { getRouteApi, Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { pagingSearch } from '../../../lib/search-params'
import { useSession } from '../../../lib/session'
import { useFileReports } from '../api/get-file-reports'
import { fileTypeLabel } from '../file-types'
import { importAccess } from '../import-access'
import { REPORT_PAGE_SIZE, reportListQuery } from '../import-search'
import { FileTypeTabs } from './file-type-tabs'
import { ImportsNav } from './imports-nav'
import { ImportsUnavailable } from './imports-unavailable'
import { reportColumns, reportRowId } from './report-columns'

import { useImportStores } from './use-import-stores'

const route = getRouteApi('/_app/imports')

/**
 * /imports — the uploaded files of the user's stores, newest first, by file
 * type (tabs) and store, paged on the server; loads in progress update
 * themselves. "Upload a file" starts a new one.
 */
export function ImportsScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const query = reportListQuery(enterprise?.id ?? 0, search)
  const access = importAccess(user)

  const reports = useFileReports(query, { enabled: access === 'ok' })
  const { stores, storeName, storeKnown } = useImportStores(enterprise?.id ?? null, search.store)
  const columns = useMemo(() => reportColumns(storeName), [storeName])

  if (access !== 'ok') return <ImportsUnavailable user={user} access={access} title="Imports" />

  const total = reports.data?.totalElements
  const title = search.type ? `${fileTypeLabel(search.type)} uploads` : 'Uploads'

  return (
    <section className="page page--imports">
      <header className="page__header">
        <h1>Imports</h1>
        <div className="page__actions">
          <Link to="/imports/upload" search={{ store: search.store, type: search.type }} className="btn btn--primary">
            Upload a file
          </Link>
        </div>
      </header>
      <ImportsNav />

      <section className="panel" aria-label="Uploaded files">
        <FileTypeTabs current={search.type} panelId="import-reports" />
        <div className="panel__header panel__header--toolbar import-toolbar">
          <div className="filters" role="group" aria-label="Upload filters">
            <label className="filters__field">
              <span>Store</span>
              <select
                className="upload-choices__store"
                value={search.store ?? ''}
                disabled={stores.isPending}
                onChange={(event) =>
                  void navigate({
                    search: (prev) => ({ ...prev, store: event.target.value === '' ? undefined : Number(event.target.value), page: undefined }),
                  })
                }
              >
                <option value="">All stores</option>
                {(stores.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.storeName}
                  </option>
                ))}
                {storeKnown ? null : <option value={search.store}>Store #{search.store}</option>}
              </select>
            </label>
          </div>
          <span className="panel__meta" aria-live="polite">
            {total === undefined ? '\u00a0' : `${total} ${total === 1 ? 'file' : 'files'}, newest first`}
          </span>
        </div>
        <div id="import-reports" role="tabpanel" aria-label={title}>
          <DataTable
            label={title}
            className="import-table import-table--reports"
            columns={columns}
            data={reports.data?.content}
            getRowId={reportRowId}
            isLoading={reports.isPending}
            isFetching={reports.isPlaceholderData}
            emptyText={reports.isError ? 'The uploads could not be loaded.' : search.type || search.store ? EMPTY_LIST_TEXT : 'No file was uploaded yet.'}
            onRowClick={(report) => void navigate({ to: '/imports/$reportId', params: { reportId: report.id } })}
            paging={{
              pageIndex: query.page,
              pageSize: query.size,
              rowCount: total ?? 0,
              onChange: (next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, REPORT_PAGE_SIZE) }) }),
            }}
          />
        </div>
      </section>
    </section>
  )
}
