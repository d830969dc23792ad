import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDateTime } from '../../../lib/date-time'
import { roleLabel } from '../../../lib/roles'
import type { AdminUser } from '../api/admin-types'

const column = createDataTableColumnHelper<AdminUser>()

const LEVELS: Record<string, string> = { PLATFORM: 'Platform', ENTERPRISE: 'Enterprise', BOC: 'Dealer', STORE: 'Store' }

export const userColumns = column.columns([
  column.accessor((u) => `${u.firstName} ${u.lastName}`, {
    id: 'name',
    header: 'Name',
    cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.username} />,
  }),
  column.accessor('empLevel', {
    header: 'Level',
    meta: { width: '12rem' },
    cell: (info) => <CellStack main={LEVELS[info.getValue()] ?? info.getValue()} sub={info.row.original.storeName ?? info.row.original.bocName} />,
  }),
  column.accessor('roles', {
    header: 'Roles',
    meta: { width: '14rem' },
    cell: (info) => info.getValue().map(roleLabel).join(', '),
  }),
  column.accessor('email', { header: 'E-mail', meta: { width: '14rem' }, cell: (info) => info.getValue() ?? '—' }),
  column.accessor((u) => (u.isBlocked ? 'blocked' : 'active'), {
    id: 'status',
    header: 'Status',
    meta: { width: '8rem' },
    cell: (info) => (
      <span className="badges">
        {info.row.original.isBlocked ? <span className="badge badge--danger">Blocked</span> : <span className="badge badge--success">Active</span>}
        {info.row.original.isGuest ? <span className="badge badge--warning">Guest</span> : null}
      </span>
    ),
  }),
  column.accessor('lastSeenAt', {
    header: 'Last seen',
    meta: { width: '11rem' },
    cell: (info) => <span className="nowrap">{formatDateTime(info.getValue())}</span>,
  }),
])

export function userRowId(user: AdminUser): string {
  return String(user.id)
}
