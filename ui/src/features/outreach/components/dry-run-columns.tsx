import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatPhone } from '../../../lib/format-phone'
import { formatDateTime } from '../../../lib/date-time'
import type { DryRunLead } from '../api/initiate-bulk'
import { OutcomeBadge } from './outcome-badge'
import { serviceTypeLabel } from '../../../lib/service-types'
import type { StoreZones } from '../../../components/enterprise-stores/store-time-zone'

const column = createDataTableColumnHelper<DryRunLead>()

/**
 * The dry run's leads. `bulk-col--wide` columns give way first on narrow
 * screens, then `bulk-col--medium`; customer, outcome and the text stay.
 */
export function dryRunColumns(zoneOf: StoreZones) {
  return column.columns([
    column.accessor('customerName', {
      id: 'customer',
      header: 'Customer',
      meta: { width: '11rem' },
      cell: (info) => {
        const phone = formatPhone(info.row.original.customerCellular)
        return <CellStack main={<strong>{info.getValue()}</strong>} sub={phone || 'No mobile number'} title={[info.getValue(), phone].filter(Boolean).join(' · ')} />
      },
    }),
    column.accessor('storeName', {
      id: 'store',
      header: 'Store',
      meta: { width: '11rem', className: 'bulk-col--wide' },
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
      meta: { width: '10.5rem' },
      cell: (info) => {
        const until = info.row.original.deferredUntil
        return (
          <CellStack
            main={<OutcomeBadge outcome={info.getValue()} kind="preview" />}
            sub={until ? `until ${formatDateTime(until, zoneOf(info.row.original.storeId))}` : ''}
            title={until ? `Deferred to the customer's allowed hours: sent ${formatDateTime(until, zoneOf(info.row.original.storeId))}` : undefined}
          />
        )
      },
    }),
    column.accessor((lead) => lead.reasonLabel ?? '', {
      id: 'reason',
      header: 'Reason',
      meta: { width: '14rem', className: 'bulk-col--medium' },
      cell: (info) => {
        const { detail, reason } = info.row.original
        if (!info.getValue() && !detail) return <span className="bulk-muted">—</span>
        const label = info.getValue() || reason || ''
        // Without a detail the label may take both lines.
        if (!detail) return <span className="bulk-clamp" title={label}>{label}</span>
        return <CellStack main={label} sub={detail} title={`${label}: ${detail}`} />
      },
    }),
    column.accessor((lead) => lead.text ?? '', {
      id: 'text',
      header: 'Text',
      // No width: the text takes what the others leave.
      meta: { className: 'bulk-col--text' },
      cell: (info) =>
        info.getValue() ? (
          <span className="bulk-clamp bulk-text-preview" title={info.getValue()}>
            {info.getValue()}
          </span>
        ) : (
          <span className="bulk-muted">No text</span>
        ),
    }),
  ])
}

export function dryRunRowId(lead: DryRunLead): string {
  return String(lead.futureServiceInteractionId)
}
