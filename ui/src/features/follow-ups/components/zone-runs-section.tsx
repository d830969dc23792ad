import { useId, useMemo } from 'react'
import { DataTable } from '../../../components/data-table/data-table'
import type { ZoneRuns } from '../api/get-zone-runs'
import { zoneSummary, zoneTotals } from '../zone-runs-format'
import { storeRunColumns, storeRunRowId } from './store-run-columns'

export interface ZoneRunsSectionProps {
  zone: ZoneRuns
  now: number
  /** A refresh is under way: the table is dimmed, not removed. */
  fetching?: boolean
}

/** One time zone: its offset and name, a summary, and its stores. */
export function ZoneRunsSection({ zone, now, fetching = false }: ZoneRunsSectionProps) {
  const headingId = useId()
  const columns = useMemo(() => storeRunColumns({ timeZone: zone.timeZone, now }), [zone.timeZone, now])
  return (
    <section className="panel zone-runs" aria-labelledby={headingId} data-zone={zone.timeZone}>
      <header className="panel__header">
        <h2 id={headingId}>
          {zone.zone} <span className="zone-runs__name">{zone.timeZone}</span>
        </h2>
        <span className="panel__meta">{zoneSummary(zoneTotals(zone))}</span>
      </header>
      <DataTable
        label={`Stores in ${zone.timeZone}`}
        className="zone-runs__table"
        columns={columns}
        data={zone.brands}
        getRowId={storeRunRowId}
        isFetching={fetching}
      />
    </section>
  )
}
