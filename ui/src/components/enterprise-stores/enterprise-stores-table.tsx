import { DataTable } from '../data-table/data-table'
import { useEnterpriseStores } from './api/get-enterprise-stores'
import { storeColumns, storeRowId } from './store-columns'

export interface EnterpriseStoresTableProps {
  enterpriseId: number
}

/** The stores of one enterprise (used by the lead manager and the company master list). */
export function EnterpriseStoresTable({ enterpriseId }: EnterpriseStoresTableProps) {
  const stores = useEnterpriseStores(enterpriseId)
  return (
    <DataTable
      label="Stores"
      columns={storeColumns}
      data={stores.data}
      getRowId={storeRowId}
      isLoading={stores.isPending}
      isFetching={stores.isFetching}
      skeletonRows={4}
    />
  )
}
