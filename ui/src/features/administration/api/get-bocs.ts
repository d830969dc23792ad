import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { Boc } from './admin-types'
import { enterprisePath } from './enterprise-path'

/** GET /api/enterprise/{enterpriseId}/boc — the dealers, active and deactivated (tenant admins). */
export function getBocs(enterpriseId: number, signal?: AbortSignal): Promise<Boc[]> {
  return apiRequest<Boc[]>(enterprisePath(enterpriseId, '/boc'), { signal })
}

export function bocsQueryOptions(enterpriseId: number) {
  return queryOptions({ queryKey: adminKeys.bocs(enterpriseId), queryFn: ({ signal }) => getBocs(enterpriseId, signal) })
}

export function useBocs(enterpriseId: number, enabled = true) {
  return useQuery({ ...bocsQueryOptions(enterpriseId), enabled })
}
