import { Link } from '@tanstack/react-router'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { EnterpriseSummary } from '../../../components/enterprises/api/get-enterprises'

const column = createDataTableColumnHelper<EnterpriseSummary>()

export const enterpriseColumns = column.columns([
  column.accessor('id', { header: 'ID', meta: { width: '5rem', align: 'end' } }),
  column.accessor('name', {
    header: 'Enterprise',
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.isActive ? null : <span className="badge badge--danger enterprise-inactive">Deactivated</span>}
      </>
    ),
  }),
  column.accessor('bocCount', { header: 'Dealers', meta: { width: '7rem', align: 'end' } }),
  column.accessor('storeCount', { header: 'Stores', meta: { width: '7rem', align: 'end' } }),
  column.accessor('userCount', { header: 'Users', meta: { width: '7rem', align: 'end' } }),
  column.display({
    id: 'administer',
    header: () => <span className="visually-hidden">Administration</span>,
    meta: { width: '9rem' },
    cell: (info) => (
      <Link
        to="/admin"
        search={{ enterprise: info.row.original.id }}
        className="btn btn--small"
        aria-label={`Administer ${info.row.original.name}`}
      >
        Administer
      </Link>
    ),
  }),
])

export function enterpriseRowId(enterprise: EnterpriseSummary): string {
  return String(enterprise.id)
}
