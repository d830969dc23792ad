import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatPhone } from '../../../lib/format-phone'
import { enumLabel } from '../../../lib/text'
import type { BulkReportRow } from '../api/get-bulk-report'
import { OutcomeBadge } from './outcome-badge'
import { serviceTypeLabel } from '../../../lib/service-types'
import type { StoreZones } from '../../../components/enterprise-stores/store-time-zone'
import { formatDateTime } from '../../../lib/date-time'

const column = createDataTableColumnHelper<BulkReportRow>()

/** What the run did with each lead; narrow screens drop `bulk-col--wide`, then `bulk-col--medium`. */
export function reportColumns(zoneOf: StoreZones) {
  return column.columns([
    column.accessor('customerName', {
      id: 'customer',
      header: 'Customer',
      meta: { width: '12rem' },
      cell: (info) => {
        const phone = formatPhone(info.row.original.customerCellular)
        return <CellStack main={<strong>{info.getValue()}</strong>} sub={phone || 'No mobile number'} title={[info.getValue(), phone].filter(Boolean).join(' · ')} />
      },
    }),
    column.accessor('storeName', {
      id: 'store',
      header: 'Store',
      meta: { className: 'bulk-col--wide' },
      cell: (info) => (
        <CellStack
          main={info.getValue()}
          sub={serviceTypeLabel(info.row.original.serviceType)}
          title={`${info.getValue()} · ${info.row.original.serviceType}`}
        />
      ),
    }),
    column.accessor('outcome', {
      id: 'outcome',
      header: 'Outcome',
      meta: { width: '9.5rem' },
      cell: (info) => {
        const status = info.row.original.messageStatus
        return (
          <CellStack
            main={<OutcomeBadge outcome={info.getValue()} kind="run" />}
            sub={status ? `Text ${enumLabel(status).toLowerCase()}` : ''}
            title={status ? `Delivery status: ${status}` : undefined}
          />
        )
      },
    }),
    column.accessor((row) => row.reasonLabel ?? '', {
      id: 'reason',
      header: 'Reason',
      meta: {},
      cell: (info) => {
        const { detail, reason } = info.row.original
        if (!info.getValue() && !detail) return <span className="bulk-muted">—</span>
        const label = info.getValue() || reason || ''
        // Without a detail the label may take both lines.
        if (!detail) return <span className="bulk-clamp" title={label}>{label}</span>
        return <CellStack main={label} sub={detail} title={`${label}: ${detail}`} />
      },
    }),
    column.accessor((row) => row.scheduledFor ?? row.finishedAt ?? '', {
      id: 'when',
      header: 'When',
      meta: { width: '11rem', className: 'bulk-col--medium' },
      cell: (info) => {
        const { scheduledFor, finishedAt } = info.row.original
        if (scheduledFor) return <CellStack main={formatDateTime(scheduledFor, zoneOf(info.row.original.storeId))} sub="Sends in allowed hours" />
        return <CellStack main={finishedAt ? formatDateTime(finishedAt, zoneOf(info.row.original.storeId)) : '—'} sub={finishedAt ? 'Settled' : ''} />
      },
    }),
  ])
}

export function reportRowId(row: BulkReportRow): string {
  return String(row.id)
}
