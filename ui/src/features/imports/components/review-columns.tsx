import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatPhone } from '../../../lib/format-phone'
import type { ImportedRow } from '../api/search-imported-rows'
import { customerName } from '../import-review'
import { ReviewStatusCell } from './review-status-cell'

const column = createDataTableColumnHelper<ImportedRow>()

/** Which customer and vehicle enrichment matched the row to (a tooltip). */
function matchText(row: ImportedRow): string {
  if (row.customerId === undefined) return 'No customer matched'
  return `Matched to customer #${row.customerId}${row.vehicleId === undefined ? '' : ` and vehicle #${row.vehicleId}`}`
}

export interface ReviewColumnsOptions {
  /** The row's Accept and Reject buttons (a component: the columns are made once, so cells keep their focus). */
  actions: (row: ImportedRow) => ReactNode
}

/** The imported rows of a recall, prepaid or FEA file: what enrichment made of each, and the reviewer's buttons. */
export function reviewColumns({ actions }: ReviewColumnsOptions) {
  return column.columns([
    column.accessor('lineNumber', {
      header: 'Line',
      meta: { width: '4.5rem', align: 'end' },
      cell: (info) => info.getValue() ?? '—',
    }),
    column.accessor('vin', {
      header: 'VIN / vehicle',
      meta: { width: '12.5rem' },
      cell: (info) => (
        <CellStack
          main={<span className="import-vin">{info.getValue()}</span>}
          sub={[info.row.original.year, info.row.original.make, info.row.original.model].filter(Boolean).join(' ')}
        />
      ),
    }),
    column.accessor(customerName, {
      id: 'customer',
      header: 'Customer',
      meta: { width: '20%' },
      cell: (info) => (
        <CellStack
          main={info.getValue()}
          sub={[info.row.original.customerNumber, info.row.original.phone ? formatPhone(info.row.original.phone) : ''].filter(Boolean).join(' · ')}
          title={matchText(info.row.original)}
        />
      ),
    }),
    column.accessor('campaignCode', {
      header: 'Campaign',
      meta: { className: 'import-col--wide' },
      cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.description} title={info.row.original.description} />,
    }),
    column.accessor('enrichmentStatus', {
      header: 'Status',
      meta: { width: '11rem' },
      cell: (info) => <ReviewStatusCell row={info.row.original} />,
    }),
    column.accessor('futureServiceInteractionId', {
      header: 'Lead',
      meta: { width: '5.5rem', className: 'import-col--medium' },
      cell: (info) => {
        const id = info.getValue()
        return id === undefined ? (
          <span className="panel__meta">—</span>
        ) : (
          <Link to="/leadmanager" search={{ future_service_interaction_id: id }} title="Open the lead's conversation">
            #{id}
          </Link>
        )
      },
    }),
    column.display({
      id: 'actions',
      header: 'Review',
      meta: { width: '10.5rem' },
      cell: (info) => actions(info.row.original),
    }),
  ])
}

export function reviewRowId(row: ImportedRow): string {
  return String(row.id)
}
