import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { templateKeys } from './template-keys'

/** A custom template as the lists show it (`editorBody`: the body with newlines, for the editor). */
export type CustomTemplate = ApiResponse<'/api/customTemplate/user/{serviceType}', 'get'>[number]

/**
 * GET /api/customTemplate/user/{serviceType}?search= — the caller's personal
 * templates of a service type (`ALL`: every type), the panel's Personal tab.
 * Failures raise no notice: the panel shows them.
 */
export function getPersonalTemplates(serviceType: string, search: string, signal?: AbortSignal): Promise<CustomTemplate[]> {
  return apiRequest<CustomTemplate[]>(`/api/customTemplate/user/${encodeURIComponent(serviceType)}`, {
    query: { search: search || undefined },
    signal,
    notifyErrors: false,
  })
}

export function personalTemplatesQueryOptions(serviceType: string, search: string) {
  return queryOptions({
    queryKey: templateKeys.personal(serviceType, search),
    queryFn: ({ signal }) => getPersonalTemplates(serviceType, search, signal),
  })
}

export function usePersonalTemplates(serviceType: string, search: string, enabled = true) {
  // A new filter or search keeps the rows shown until its answer comes.
  return useQuery({ ...personalTemplatesQueryOptions(serviceType, search), enabled, placeholderData: keepPreviousData })
}
