import type { QueryClient } from '@tanstack/react-query'
import { enterpriseStoresKeys } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { enterprisesKeys } from '../../../components/enterprises/api/get-enterprises'
import { adminKeys } from './admin-keys'

/** After a store changed: the admin lists (and audit), the enterprise's store pickers and the counts are fetched again. */
export function storeChanged(queryClient: QueryClient, enterpriseId: number): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(enterpriseId) })
  void queryClient.invalidateQueries({ queryKey: enterpriseStoresKeys.list(enterpriseId) })
  void queryClient.invalidateQueries({ queryKey: enterprisesKeys.all })
}
