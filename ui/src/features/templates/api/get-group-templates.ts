import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { CustomTemplate } from './get-personal-templates'
import { templateKeys } from './template-keys'

/**
 * GET /api/customTemplate/{enterpriseId}/{serviceType}?search= — the
 * enterprise's group templates of a service type (`ALL`: every type), the
 * panel's Group tab. Failures raise no notice: the panel shows them.
 */
export function getGroupTemplates(
  enterpriseId: number,
  serviceType: string,
  search: string,
  signal?: AbortSignal,
): Promise<CustomTemplate[]> {
  return apiRequest<CustomTemplate[]>(
    `/api/customTemplate/${encodeURIComponent(enterpriseId)}/${encodeURIComponent(serviceType)}`,
    { query: { search: search || undefined }, signal, notifyErrors: false },
  )
}

export function groupTemplatesQueryOptions(enterpriseId: number, serviceType: string, search: string) {
  return queryOptions({
    queryKey: templateKeys.group(enterpriseId, serviceType, search),
    queryFn: ({ signal }) => getGroupTemplates(enterpriseId, serviceType, search, signal),
  })
}

export function useGroupTemplates(enterpriseId: number, serviceType: string, search: string, enabled = true) {
  // A new filter or search keeps the rows shown until its answer comes.
  return useQuery({ ...groupTemplatesQueryOptions(enterpriseId, serviceType, search), enabled, placeholderData: keepPreviousData })
}
