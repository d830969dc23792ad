import { createDataTableColumnHelper } from '../data-table/data-table-features'
import { formatPhone } from '../../lib/format-phone'
import type { Store } from './api/get-enterprise-stores'

const column = createDataTableColumnHelper<Store>()

export const storeColumns = column.columns([
  column.accessor('store_id', { header: 'Store ID', meta: { width: '8rem' } }),
  column.accessor('storeName', { header: 'Name' }),
  column.accessor('brand', { header: 'Brand', meta: { width: '9rem' } }),
  column.accessor((store) => store.bocMaster.bocName, { id: 'dealer', header: 'Dealer' }),
  column.accessor((store) => store.officeMasterVO.timezoneDisplay || store.officeMasterVO.officeTimeZone, {
    id: 'timeZone',
    header: 'Time zone',
    meta: { width: '11rem' },
  }),
  column.accessor('phoneNumber', {
    header: 'Phone',
    meta: { width: '10rem' },
    cell: (info) => <span className="nowrap">{formatPhone(info.getValue()) || '—'}</span>,
  }),
])

export function storeRowId(store: Store): string {
  return String(store.id)
}
