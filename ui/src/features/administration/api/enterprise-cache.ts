import type { QueryClient } from '@tanstack/react-query'
import { enterpriseKeys } from '../../../components/enterprises/api/get-enterprise'
import { enterprisesKeys } from '../../../components/enterprises/api/get-enterprises'
import type { EnterpriseView } from './admin-types'
import { adminKeys } from './admin-keys'

/** An enterprise the server answered with after a change: cached, and the lists showing it refreshed. */
export function storeEnterprise(queryClient: QueryClient, enterprise: EnterpriseView): void {
  queryClient.setQueryData(enterpriseKeys.detail(enterprise.id), enterprise)
  void queryClient.invalidateQueries({ queryKey: enterprisesKeys.all })
  void queryClient.invalidateQueries({ queryKey: adminKeys.audit(enterprise.id) })
}
