import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

export type EnterpriseStores = ApiResponse<'/api/enterprise/{enterpriseId}/store', 'get'>
export type Store = EnterpriseStores[number]

export const enterpriseStoresKeys = {
  all: ['enterprise-stores'] as const,
  list: (enterpriseId: number) => ['enterprise-stores', enterpriseId] as const,
}

/** GET /api/enterprise/{enterpriseId}/store */
export function getEnterpriseStores(enterpriseId: number, signal?: AbortSignal): Promise<EnterpriseStores> {
  return apiRequest<EnterpriseStores>(`/api/enterprise/${encodeURIComponent(enterpriseId)}/store`, { signal })
}

export function enterpriseStoresQueryOptions(enterpriseId: number) {
  return queryOptions({
    queryKey: enterpriseStoresKeys.list(enterpriseId),
    queryFn: ({ signal }) => getEnterpriseStores(enterpriseId, signal),
  })
}

export function useEnterpriseStores(enterpriseId: number) {
  return useQuery(enterpriseStoresQueryOptions(enterpriseId))
}
