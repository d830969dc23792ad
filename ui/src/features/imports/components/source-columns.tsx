import { Link } from '@tanstack/react-router'
import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDateTime } from '../../../lib/date-time'
import type { DataSource } from '../api/get-data-sources'
import { sourceKindInfo } from '../data-sources'
import { SourceDeliveryCell } from './source-delivery'
import { SourceEnabledSwitch } from './source-enabled-switch'
import { SyncNowButton } from './sync-now-button'
import type { StoreZones } from '../../../components/enterprise-stores/store-time-zone'

const column = createDataTableColumnHelper<DataSource>()

/**
 * The data sources table; `storeName` names a source's store. The cells that
 * act (the switch, "Sync now") are components with their own state, so the
 * columns are made once and a focused control keeps its focus.
 */
export function sourceColumns(storeName: (id: number | undefined) => string, storeZone: StoreZones) {
  return column.columns([
    column.accessor('name', {
      header: 'Source',
      cell: (info) => {
        const source = info.row.original
        return (
          <CellStack
            title={`${source.name} (#${source.id})`}
            main={
              <Link from="/imports/sources" to="/imports/sources" search={(prev) => ({ ...prev, source: source.id })} hash="source-panel">
                {source.name}
              </Link>
            }
            sub={`#${source.id} · since ${formatDateTime(source.createdOn, storeZone(source.storeIdFk))}`}
          />
        )
      },
    }),
    column.accessor('storeIdFk', {
      header: 'Store',
      meta: { width: '12rem', className: 'import-col--medium' },
      cell: (info) => storeName(info.getValue()) || '—',
    }),
    column.accessor('sourceKind', {
      header: 'Kind',
      meta: { width: '13rem' },
      cell: (info) => {
        const kind = sourceKindInfo(info.getValue())
        return <CellStack main={kind.label} sub={kind.short} title={kind.description} />
      },
    }),
    column.display({
      id: 'delivery',
      header: 'Delivery',
      meta: { width: '30%', className: 'import-col--wide' },
      cell: (info) => <SourceDeliveryCell source={info.row.original} />,
    }),
    column.accessor('enabled', {
      header: 'On',
      meta: { width: '4.5rem' },
      cell: (info) => <SourceEnabledSwitch source={info.row.original} />,
    }),
    column.display({
      id: 'sync',
      header: () => <span className="visually-hidden">Sync</span>,
      meta: { width: '8.5rem' },
      cell: (info) => <SyncNowButton source={info.row.original} />,
    }),
  ])
}

export function sourceRowId(source: DataSource): string {
  return String(source.id)
}
