import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { pagingSearch } from '../../../lib/search-params'
import { useSession } from '../../../lib/session'
import { useDataSources } from '../api/get-data-sources'
import { importAccess } from '../import-access'
import { SOURCE_PAGE_SIZE, sourceListQuery } from '../source-search'
import { ImportsNav } from './imports-nav'
import { ImportsUnavailable } from './imports-unavailable'
import { NewSourceDialog } from './new-source-dialog'
import { SourcePanel } from './source-panel'
import { sourceColumns, sourceRowId } from './source-columns'
import { SyncRunStatus } from './sync-run-status'
import { SyncRunsContext, useSyncRunsState } from './use-sync-runs'

import { useImportStores } from './use-import-stores'

const route = getRouteApi('/_app/imports/sources')

/**
 * /imports/sources — the stores' data sources (docs/imports.md, "Data sources
 * and syncs"), paged on the server and narrowed by store: each one's kind,
 * where it delivers, a switch, and "Sync now" followed live. "New data source"
 * adds one; a source opened below the table shows its mapping and schedules.
 */
export function DataSourcesScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const access = importAccess(user)
  const query = sourceListQuery(enterprise?.id ?? 0, search)

  const sources = useDataSources(query, { enabled: access === 'ok' })
  const { stores, storeName, storeZone, storeKnown } = useImportStores(enterprise?.id ?? null, search.store)
  const columns = useMemo(() => sourceColumns(storeName, storeZone), [storeName, storeZone])
  const syncRuns = useSyncRunsState()
  const [creating, setCreating] = useState(false)

  const openSource = useCallback(
    (sourceId: number | undefined) => void navigate({ search: (prev) => ({ ...prev, source: sourceId }), hash: sourceId === undefined ? undefined : 'source-panel' }),
    [navigate],
  )

  if (access !== 'ok' || !enterprise) return <ImportsUnavailable user={user} access={access === 'ok' ? 'enterprise' : access} title="Data sources" />

  const total = sources.data?.totalElements
  const onlyStore = stores.data?.length === 1 ? stores.data[0]!.id : undefined

  return (
    <SyncRunsContext value={syncRuns}>
      <section className="page page--imports">
        <header className="page__header">
          <h1>Data sources</h1>
          <div className="page__actions">
            <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
              New data source
            </button>
          </div>
        </header>
        <ImportsNav />

        <section className="panel" aria-label="Data sources of the stores">
          <div className="panel__header panel__header--toolbar import-toolbar">
            <div className="filters" role="group" aria-label="Data source filters">
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
              {total === undefined ? '\u00a0' : `${total} ${total === 1 ? 'source' : 'sources'}, by name`}
            </span>
          </div>

          {syncRuns.followed.length > 0 ? (
            <div className="sync-runs" aria-label="Syncs started here" role="region">
              {syncRuns.followed.map((followed) => (
                <SyncRunStatus
                  key={followed.run.id}
                  started={followed.run}
                  sourceName={followed.sourceName}
                  onFinished={(run) => syncRuns.finish(followed.sourceId, run)}
                  onDismiss={() => syncRuns.dismiss(followed.sourceId)}
                />
              ))}
            </div>
          ) : null}

          <DataTable
            label="Data sources"
            className="import-table source-table"
            columns={columns}
            data={sources.data?.content}
            getRowId={sourceRowId}
            isLoading={sources.isPending}
            isFetching={sources.isPlaceholderData}
            selectedRowId={search.source === undefined ? undefined : String(search.source)}
            onRowClick={(source) => openSource(source.id)}
            emptyText={
              sources.isError
                ? 'The data sources could not be loaded.'
                : search.store
                  ? EMPTY_LIST_TEXT
                  : 'No data source yet: add one with "New data source", or keep uploading files by hand.'
            }
            paging={{
              pageIndex: query.page,
              pageSize: query.size,
              rowCount: total ?? 0,
              onChange: (next) => void navigate({ search: (prev) => ({ ...prev, ...pagingSearch(next, SOURCE_PAGE_SIZE) }) }),
            }}
          />
        </section>

        {search.source !== undefined ? (
          <SourcePanel key={search.source} sourceId={search.source} enterpriseId={enterprise.id} storeName={storeName} onClose={() => openSource(undefined)} />
        ) : null}

        <NewSourceDialog
          open={creating}
          stores={stores.data}
          defaultStore={search.store ?? onlyStore}
          onClose={() => setCreating(false)}
          onCreated={(source) => {
            setCreating(false)
            notify({ message: `Data source "${source.name}" created` })
            openSource(source.id)
          }}
        />
      </section>
    </SyncRunsContext>
  )
}
