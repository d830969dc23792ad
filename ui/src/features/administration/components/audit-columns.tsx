import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDateTime } from '../../../lib/format-time'
import { enumLabel } from '../../../lib/text'
import { entityLabel } from '../audit-diff'
import type { AuditEntry } from '../api/admin-types'
import { AuditChanges } from './audit-changes'

const column = createDataTableColumnHelper<AuditEntry>()

export const auditColumns = column.columns([
  column.accessor('at', {
    header: 'When',
    meta: { width: '11rem' },
    cell: (info) => <span className="nowrap">{formatDateTime(info.getValue(), 'short')}</span>,
  }),
  column.accessor('username', { header: 'Who', meta: { width: '10rem' }, cell: (info) => info.getValue() ?? '—' }),
  column.accessor('action', { header: 'Action', meta: { width: '9rem' }, cell: (info) => enumLabel(info.getValue()) }),
  column.accessor('entity', {
    header: 'Record',
    meta: { width: '10rem' },
    cell: (info) => `${entityLabel(info.getValue())}${info.row.original.entityId ? ` ${info.row.original.entityId}` : ''}`,
  }),
  column.display({ id: 'changes', header: 'Changes', cell: (info) => <AuditChanges entry={info.row.original} /> }),
])

export function auditRowId(entry: AuditEntry): string {
  return String(entry.id)
}
