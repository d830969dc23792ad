import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { AdminStore } from './admin-types'
import { enterprisePath } from './enterprise-path'

/** GET /api/enterprise/{enterpriseId}/stores — every store, deactivated ones too, with its settings (tenant admins). */
export function getAdminStores(enterpriseId: number, signal?: AbortSignal): Promise<AdminStore[]> {
  return apiRequest<AdminStore[]>(enterprisePath(enterpriseId, '/stores'), { signal })
}

export function adminStoresQueryOptions(enterpriseId: number) {
  return queryOptions({ queryKey: adminKeys.stores(enterpriseId), queryFn: ({ signal }) => getAdminStores(enterpriseId, signal) })
}

export function useAdminStores(enterpriseId: number) {
  return useQuery(adminStoresQueryOptions(enterpriseId))
}
