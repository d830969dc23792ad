import { useMemo } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import { useSession } from '../../../lib/session'
import { useNow } from '../../../lib/use-now'
import { useZoneRuns, ZONE_RUNS_REFRESH_MS } from '../api/get-zone-runs'
import { NoEnterprise } from './no-enterprise'
import { storeRunColumns, storeRunRowId } from './store-run-columns'
import { ZoneRunsSection } from './zone-runs-section'

/**
 * /automated-runs — the stores by time zone (east first): each store's allowed
 * hours and local time, whether automated texts may go now or when they may,
 * the texts held for the window and the follow-up steps due. Refreshed every
 * 30 s and when the window gets focus.
 */
export function AutomatedRunsScreen() {
  const user = useSession()
  const runs = useZoneRuns(!!user?.enterprise)
  const now = useNow(ZONE_RUNS_REFRESH_MS)
  const placeholderColumns = useMemo(() => storeRunColumns({ timeZone: 'UTC', now: 0 }), [])

  if (!user?.enterprise) return <NoEnterprise title="Automated runs" />

  const updated = runs.dataUpdatedAt
    ? new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(runs.dataUpdatedAt)
    : null

  return (
    <section className="page page--automated-runs">
      <header className="page__header">
        <h1>Automated runs</h1>
        <div className="page__actions">
          {updated ? (
            <span className="panel__meta" data-testid="runs-updated">
              Updated {updated}
            </span>
          ) : null}
          <button type="button" className="btn" disabled={runs.isFetching} onClick={() => void runs.refetch()}>
            {runs.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </header>
      <p className="automated-runs__intro">
        Automated texts and follow-up steps go out only within each store’s allowed hours, on the store’s own clock; outside them
        they wait for the next opening. Times below are the store’s. This page refreshes every 30 seconds.
      </p>

      {runs.data ? (
        runs.data.length === 0 ? (
          <p className="panel panel__note">You have no stores to show.</p>
        ) : (
          runs.data.map((zone) => (
            <ZoneRunsSection key={`${zone.timeZone} ${zone.zone}`} zone={zone} now={Math.max(now, runs.dataUpdatedAt)} fetching={runs.isFetching} />
          ))
        )
      ) : runs.isError ? (
        <div className="panel panel--error" role="alert">
          <p>The automated runs could not be loaded.</p>
          <button type="button" className="btn" onClick={() => void runs.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <section className="panel" aria-busy="true" aria-label="Loading the stores">
          <DataTable label="Stores" columns={placeholderColumns} data={undefined} getRowId={storeRunRowId} isLoading skeletonRows={4} />
        </section>
      )}
    </section>
  )
}
