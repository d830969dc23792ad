import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { Boc } from '../api/admin-types'

const column = createDataTableColumnHelper<Boc>()

export function dealerColumns({ onEdit }: { onEdit: (boc: Boc) => void }) {
  return column.columns([
    column.accessor('bocCode', { header: 'Code', meta: { width: '10rem' } }),
    column.accessor('bocName', { header: 'Dealer' }),
    column.accessor('storeCount', { header: 'Stores', meta: { width: '6rem', align: 'end' } }),
    column.accessor('isActive', {
      header: 'Status',
      meta: { width: '8rem' },
      cell: (info) => (info.getValue() ? <span className="badge badge--success">Active</span> : <span className="badge badge--danger">Deactivated</span>),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '6rem' },
      cell: (info) => (
        <button type="button" className="btn btn--small" aria-label={`Edit ${info.row.original.bocName}`} onClick={() => onEdit(info.row.original)}>
          Edit
        </button>
      ),
    }),
  ])
}

export function dealerRowId(boc: Boc): string {
  return String(boc.id)
}
