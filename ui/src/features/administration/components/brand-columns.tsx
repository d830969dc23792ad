import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { Brand } from '../api/admin-types'

const column = createDataTableColumnHelper<Brand>()

export function brandColumns({ onRename, onDelete }: { onRename: (brand: Brand) => void; onDelete: (brand: Brand) => void }) {
  return column.columns([
    column.accessor('code', { header: 'Code', meta: { width: '12rem' } }),
    column.accessor('name', { header: 'Brand' }),
    column.accessor('storeCount', { header: 'Stores', meta: { width: '6rem', align: 'end' } }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '11rem' },
      cell: (info) => (
        <span className="row-actions">
          <button type="button" className="btn btn--small" aria-label={`Rename ${info.row.original.name}`} onClick={() => onRename(info.row.original)}>
            Rename
          </button>
          <button type="button" className="btn btn--small" aria-label={`Delete ${info.row.original.name}`} onClick={() => onDelete(info.row.original)}>
            Delete
          </button>
        </span>
      ),
    }),
  ])
}

export function brandRowId(brand: Brand): string {
  return brand.code
}
