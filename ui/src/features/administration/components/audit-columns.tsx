import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatDateTime } from '../../../lib/date-time'
import { enumLabel } from '../../../lib/text'
import { recordLabel } from '../audit-diff'
import type { AuditEntry } from '../api/admin-types'
import { AuditChanges } from './audit-changes'

const column = createDataTableColumnHelper<AuditEntry>()

export const auditColumns = column.columns([
  column.accessor('at', {
    header: 'When',
    meta: { width: '13rem' },
    cell: (info) => <span className="nowrap">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor('username', { header: 'Who', meta: { width: '10rem' }, cell: (info) => info.getValue() ?? '—' }),
  column.accessor('action', { header: 'Action', meta: { width: '9rem' }, cell: (info) => enumLabel(info.getValue()) }),
  column.accessor('entity', {
    header: 'Record',
    meta: { width: '14rem' },
    cell: (info) => {
      const entry = info.row.original
      return <span title={entry.entityId ? `#${entry.entityId}` : undefined}>{recordLabel(info.getValue(), entry.entityId, entry.detail)}</span>
    },
  }),
  column.display({ id: 'changes', header: 'Changes', cell: (info) => <AuditChanges entry={info.row.original} /> }),
])

export function auditRowId(entry: AuditEntry): string {
  return String(entry.id)
}
