import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { JobRunLink } from '../../../components/job-runs/job-run-link'
import { formatDateTime } from '../../../lib/date-time'
import { formatDuration } from '../../../lib/format-duration'
import type { Sync } from '../api/get-sync-history'
import { syncTriggerLabel } from '../data-sources'
import { SyncStatusBadge } from './status-badge'
import { formatCount } from '../../../lib/format-number'
import type { StoreZones } from '../../../components/enterprise-stores/store-time-zone'

const column = createDataTableColumnHelper<Sync>()

/** The sync history table; `storeName` names a sync's store, `storeZone` gives its time zone. A sync's run opens from its row. */
export function syncColumns(storeName: (id: number | undefined) => string, storeZone: StoreZones) {
  return column.columns([
    column.accessor('startedOn', {
      header: 'Started',
      meta: { width: '13rem' },
      cell: (info) => {
        const sync = info.row.original
        const zone = storeZone(sync.storeIdFk)
        return (
          <CellStack
            main={<span className="nowrap">{formatDateTime(info.getValue(), zone)}</span>}
            sub={syncTriggerLabel(sync.triggeredBy)}
            title={`Started ${formatDateTime(sync.startedOn, zone)}${sync.finishedOn ? `, finished ${formatDateTime(sync.finishedOn, zone)}` : ''}`}
          />
        )
      },
    }),
    column.accessor('sourceName', {
      header: 'Source',
      meta: { width: '14rem' },
      cell: (info) => {
        const sync = info.row.original
        const name = info.getValue() ?? (sync.dataSourceId !== undefined ? `Source #${sync.dataSourceId}` : '—')
        return <CellStack main={name} sub={storeName(sync.storeIdFk)} title={`${name}\n${storeName(sync.storeIdFk)}`} />
      },
    }),
    column.accessor('status', {
      header: 'Status',
      meta: { width: '13.5rem' },
      cell: (info) => {
        const sync = info.row.original
        return (
          <CellStack
            main={<SyncStatusBadge status={info.getValue()} />}
            sub={sync.jobRunId !== undefined ? <JobRunLink runId={sync.jobRunId} /> : undefined}
          />
        )
      },
    }),
    column.accessor('files', {
      header: 'Files',
      meta: { width: '5rem', align: 'end' },
      cell: (info) => formatCount(info.getValue()),
    }),
    column.accessor('records', {
      header: 'Rows',
      meta: { width: '12.5rem', align: 'end', className: 'import-col--medium' },
      cell: (info) => {
        const s = info.row.original
        return (
          <CellStack
            main={formatCount(info.getValue())}
            sub={`${formatCount(s.insertedRows)} new · ${formatCount(s.updatedRows)} upd. · ${formatCount(s.unchangedRows)} same`}
            title={`${s.records} rows read: ${s.insertedRows} inserted, ${s.updatedRows} updated, ${s.unchangedRows} unchanged`}
          />
        )
      },
    }),
    column.accessor('errors', {
      header: 'Errors',
      meta: { width: '5.5rem', align: 'end' },
      cell: (info) => (info.getValue() > 0 ? <span className="text-danger">{formatCount(info.getValue())}</span> : '0'),
    }),
    column.accessor('durationMs', {
      header: 'Duration',
      meta: { width: '7rem', align: 'end', className: 'import-col--wide' },
      cell: (info) => <span className="nowrap">{formatDuration(info.getValue())}</span>,
    }),
    column.accessor('message', {
      header: 'Message',
      meta: { width: '24%', className: 'import-col--wide' },
      cell: (info) => {
        const message = info.getValue()
        return message ? (
          <span className="sync-message" title={message}>
            {message}
          </span>
        ) : (
          <span className="panel__meta">—</span>
        )
      },
    }),
  ])
}

export function syncRowId(sync: Sync): string {
  return String(sync.id)
}
