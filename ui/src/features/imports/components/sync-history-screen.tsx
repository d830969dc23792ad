import { getRouteApi, Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { EMPTY_LIST_TEXT, PAGE_SIZE_OPTIONS } from '../../../lib/config'
import { formatDateTime } from '../../../lib/date-time'
import { pagingSearch } from '../../../lib/search-params'
import { useSession } from '../../../lib/session'
import { useDataSources } from '../api/get-data-sources'
import { useSyncHistory, type Sync } from '../api/get-sync-history'
import { importAccess } from '../import-access'
import { selectHistoryStore, sourceChoicesQuery, SYNC_PAGE_SIZE, syncHistoryQuery } from '../source-search'
import { ImportsNav } from './imports-nav'
import { ImportsUnavailable } from './imports-unavailable'
import { SyncStatusBadge } from './status-badge'
import { syncColumns, syncRowId } from './sync-columns'

import { useImportStores } from './use-import-stores'

const route = getRouteApi('/_app/imports/sync-history')

/**
 * /imports/sync-history — the syncs of the stores' data sources, newest first,
 * paged on the server and narrowed by store and source (in the URL); running
 * ones update themselves. A row opens its job run; a sync without one shows
 * its message in full under the table.
 */
export function SyncHistoryScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const access = importAccess(user)
  const query = syncHistoryQuery(enterprise?.id ?? 0, search)

  const syncs = useSyncHistory(query, { enabled: access === 'ok' })
  const { stores, storeName, storeZone, storeKnown } = useImportStores(enterprise?.id ?? null, search.store)
  const sources = useDataSources(sourceChoicesQuery(enterprise?.id ?? 0, search.store), { enabled: access === 'ok' })
  const columns = useMemo(() => syncColumns(storeName, storeZone), [storeName, storeZone])
  const [shown, setShown] = useState<Sync | null>(null)

  if (access !== 'ok' || !enterprise) return <ImportsUnavailable user={user} access={access === 'ok' ? 'enterprise' : access} title="Sync history" />

  const total = syncs.data?.totalElements
  const sourceChoices = sources.data?.content ?? []
  const sourceKnown = search.source === undefined || sourceChoices.some((s) => s.id === search.source)
  const filtered = search.store !== undefined || search.source !== undefined

  const openSync = (sync: Sync) => {
    if (sync.jobRunId !== undefined) void navigate({ to: '/jobs/$runId', params: { runId: sync.jobRunId } })
    else setShown(sync)
  }

  return (
    <section className="page page--imports">
      <header className="page__header">
        <h1>Sync history</h1>
        <div className="page__actions">
          <Link to="/imports/sources" search={{ store: search.store, source: search.source }} className="btn">
            Data sources
          </Link>
        </div>
      </header>
      <ImportsNav />

      <section className="panel" aria-label="Syncs">
        <div className="panel__header panel__header--toolbar import-toolbar">
          <div className="filters" role="group" aria-label="Sync filters">
            <label className="filters__field">
              <span>Store</span>
              <select
                className="upload-choices__store"
                value={search.store ?? ''}
                disabled={stores.isPending}
                onChange={(event) => {
                  const store = event.target.value === '' ? undefined : Number(event.target.value)
                  const sourceStore = sourceChoices.find((s) => s.id === search.source)?.storeIdFk
                  void navigate({ search: (prev) => selectHistoryStore(prev, store, sourceStore) })
                }}
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
            <label className="filters__field">
              <span>Source</span>
              <select
                className="upload-choices__store"
                value={search.source ?? ''}
                disabled={sources.isPending}
                onChange={(event) =>
                  void navigate({
                    search: (prev) => ({ ...prev, source: event.target.value === '' ? undefined : Number(event.target.value), page: undefined }),
                  })
                }
              >
                <option value="">All sources</option>
                {sourceChoices.map((s) => (
                  <option key={s.id} value={s.id}>
                    {search.store === undefined && s.storeIdFk !== undefined ? `${s.name} (${storeName(s.storeIdFk)})` : s.name}
                  </option>
                ))}
                {sourceKnown ? null : <option value={search.source}>Source #{search.source}</option>}
              </select>
            </label>
          </div>
          <span className="panel__meta" aria-live="polite">
            {total === undefined ? '\u00a0' : `${total} ${total === 1 ? 'sync' : 'syncs'}, newest first`}
          </span>
        </div>
        <DataTable
          label="Syncs"
          className="import-table sync-table"
          columns={columns}
          data={syncs.data?.content}
          getRowId={syncRowId}
          isLoading={syncs.isPending}
          isFetching={syncs.isPlaceholderData}
          selectedRowId={shown ? String(shown.id) : undefined}
          onRowClick={openSync}
          emptyText={syncs.isError ? 'The syncs could not be loaded.' : filtered ? EMPTY_LIST_TEXT : 'No sync yet: press "Sync now" on a data source, or schedule one.'}
          paging={{
            pageIndex: query.page,
            pageSize: query.size,
            rowCount: total ?? 0,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            onChange: (next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, SYNC_PAGE_SIZE) }) }),
          }}
        />
        {shown ? (
          <div className="sync-message-full" role="status" data-testid="sync-message">
            <div className="review-match__header">
              <h2 className="sync-message-full__title">
                {shown.sourceName ?? 'Sync'} · {formatDateTime(shown.startedOn, storeZone(shown.storeIdFk))} <SyncStatusBadge status={shown.status} />
              </h2>
              <button type="button" className="btn btn--small" onClick={() => setShown(null)}>
                Close
              </button>
            </div>
            <p className="sync-message-full__text">{shown.message || 'No message.'}</p>
          </div>
        ) : null}
      </section>
    </section>
  )
}
