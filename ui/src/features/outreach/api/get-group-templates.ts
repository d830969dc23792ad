import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { CustomTemplate } from './get-personal-templates'
import { outreachKeys } from './outreach-keys'

/**
 * GET /api/customTemplate/{enterpriseId}/ALL — every group template of the
 * enterprise (any service type). Failures raise no notice: the picker says so.
 */
export function getGroupTemplates(enterpriseId: number, signal?: AbortSignal): Promise<CustomTemplate[]> {
  return apiRequest<CustomTemplate[]>(`/api/customTemplate/${encodeURIComponent(enterpriseId)}/ALL`, { signal, notifyErrors: false })
}

export function groupTemplatesQueryOptions(enterpriseId: number) {
  return queryOptions({
    queryKey: outreachKeys.groupTemplates(enterpriseId),
    staleTime: 30_000,
    queryFn: ({ signal }) => getGroupTemplates(enterpriseId, signal),
  })
}

export function useGroupTemplates(enterpriseId: number) {
  return useQuery(groupTemplatesQueryOptions(enterpriseId))
}
