import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import type { EnterpriseSummary } from '../../../components/enterprises/api/get-enterprises'

const column = createDataTableColumnHelper<EnterpriseSummary>()

export const enterpriseColumns = column.columns([
  column.accessor('id', { header: 'ID', meta: { width: '5rem', align: 'end' } }),
  column.accessor('name', { header: 'Enterprise' }),
  column.accessor('bocCount', { header: 'Dealers', meta: { width: '7rem', align: 'end' } }),
  column.accessor('storeCount', { header: 'Stores', meta: { width: '7rem', align: 'end' } }),
  column.accessor('userCount', { header: 'Users', meta: { width: '7rem', align: 'end' } }),
])

export function enterpriseRowId(enterprise: EnterpriseSummary): string {
  return String(enterprise.id)
}
