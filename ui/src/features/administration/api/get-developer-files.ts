import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { DeveloperFile } from './admin-types'

/**
 * GET /aiva/developer/files/aiva (every store's assistant file, version 0 when
 * still the built-in one) or /aiva/developer/files/tpl (the enterprise's
 * templates), the enterprise sent as the `enterpriseId` header.
 */
export function getDeveloperFiles(enterpriseId: number, kind: 'aiva' | 'tpl', signal?: AbortSignal): Promise<DeveloperFile[]> {
  return apiRequest<DeveloperFile[]>(`/aiva/developer/files/${kind}`, { enterpriseId, signal })
}

export function developerFilesQueryOptions(enterpriseId: number, kind: 'aiva' | 'tpl') {
  return queryOptions({ queryKey: adminKeys.developerFiles(enterpriseId, kind), queryFn: ({ signal }) => getDeveloperFiles(enterpriseId, kind, signal) })
}

export function useDeveloperFiles(enterpriseId: number, kind: 'aiva' | 'tpl') {
  return useQuery(developerFilesQueryOptions(enterpriseId, kind))
}
