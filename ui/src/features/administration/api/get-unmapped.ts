import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { UnmappedView } from './admin-types'
import { enterprisePath } from './enterprise-path'

/** GET /api/enterprise/{enterpriseId}/unmapped — the store codes rows wait for, and the mappings saved (tenant admins). */
export function getUnmapped(enterpriseId: number, signal?: AbortSignal): Promise<UnmappedView> {
  return apiRequest<UnmappedView>(enterprisePath(enterpriseId, '/unmapped'), { signal })
}

export function unmappedQueryOptions(enterpriseId: number) {
  return queryOptions({ queryKey: adminKeys.unmapped(enterpriseId), queryFn: ({ signal }) => getUnmapped(enterpriseId, signal) })
}

export function useUnmapped(enterpriseId: number) {
  return useQuery(unmappedQueryOptions(enterpriseId))
}
