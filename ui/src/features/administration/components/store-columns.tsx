import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatPhone } from '../../../lib/format-phone'
import type { AdminStore } from '../api/admin-types'

const column = createDataTableColumnHelper<AdminStore>()

export interface StoreColumnActions {
  onEdit: (store: AdminStore) => void
  onToggleActive: (store: AdminStore) => void
}

export function storeColumns({ onEdit, onToggleActive }: StoreColumnActions) {
  return column.columns([
    column.accessor('storeCode', { header: 'Code', meta: { width: '8rem' } }),
    column.accessor('storeName', {
      header: 'Store',
      cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.brandName} />,
    }),
    column.accessor('bocName', {
      header: 'Dealer',
      meta: { width: '12rem' },
      cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.bocCode} />,
    }),
    column.accessor('timeZone', {
      header: 'Time zone',
      meta: { width: '13rem' },
      cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.officeTimeZone} />,
    }),
    column.accessor((s) => `${s.quietHoursStart}–${s.quietHoursEnd}`, { id: 'allowed', header: 'Texts allowed', meta: { width: '8rem' } }),
    column.accessor('phoneNumber', {
      header: 'Phone',
      meta: { width: '9.5rem' },
      cell: (info) => <span className="nowrap">{formatPhone(info.getValue()) || '—'}</span>,
    }),
    column.accessor('isActive', {
      header: 'Status',
      meta: { width: '7.5rem' },
      cell: (info) => (info.getValue() ? <span className="badge badge--success">Active</span> : <span className="badge badge--danger">Deactivated</span>),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '11rem' },
      cell: (info) => {
        const store = info.row.original
        return (
          <span className="row-actions">
            <button type="button" className="btn btn--small" aria-label={`Edit ${store.storeName}`} onClick={() => onEdit(store)}>
              Edit
            </button>
            <button
              type="button"
              className={store.isActive ? 'btn btn--small btn--danger' : 'btn btn--small'}
              aria-label={`${store.isActive ? 'Deactivate' : 'Activate'} ${store.storeName}`}
              onClick={() => onToggleActive(store)}
            >
              {store.isActive ? 'Deactivate' : 'Activate'}
            </button>
          </span>
        )
      },
    }),
  ])
}

export function storeRowId(store: AdminStore): string {
  return String(store.id)
}
