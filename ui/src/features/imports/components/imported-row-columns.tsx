import { Link } from '@tanstack/react-router'
import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatPhone } from '../../../lib/format-phone'
import type { ImportedRow } from '../api/get-imported-rows'
import { EnrichmentStatusBadge } from './status-badge'

const column = createDataTableColumnHelper<ImportedRow>()

function customerName(row: ImportedRow): string {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ')
  return name || (row.customerNumber ? `Customer ${row.customerNumber}` : '')
}

/** The imported rows of a recall, prepaid or FEA file, with what enrichment made of them. */
export function importedRowColumns() {
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
      meta: { width: '22%' },
      cell: (info) => (
        <CellStack
          main={info.getValue()}
          sub={[info.row.original.customerNumber, info.row.original.phone ? formatPhone(info.row.original.phone) : ''].filter(Boolean).join(' · ')}
        />
      ),
    }),
    column.accessor('campaignCode', {
      header: 'Campaign',
      meta: { className: 'import-col--wide' },
      cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.description} title={info.row.original.description} />,
    }),
    column.accessor('enrichmentStatus', {
      header: 'Enrichment',
      meta: { width: '9.5rem' },
      cell: (info) => <EnrichmentStatusBadge status={info.getValue()} />,
    }),
    column.accessor('futureServiceInteractionId', {
      header: 'Lead',
      meta: { width: '6rem' },
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
  ])
}

export function importedRowId(row: ImportedRow): string {
  return String(row.id)
}
