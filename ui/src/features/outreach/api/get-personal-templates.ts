import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { outreachKeys } from './outreach-keys'

/** A custom template (personal or group) as the lists answer it. */
export type CustomTemplate = ApiResponse<'/api/customTemplate/user/{serviceType}', 'get'>[number]

/**
 * GET /api/customTemplate/user/ALL — every personal template of the caller
 * (any service type). Failures raise no notice: the picker says so.
 */
export function getPersonalTemplates(signal?: AbortSignal): Promise<CustomTemplate[]> {
  return apiRequest<CustomTemplate[]>('/api/customTemplate/user/ALL', { signal, notifyErrors: false })
}

export function personalTemplatesQueryOptions() {
  return queryOptions({
    queryKey: outreachKeys.personalTemplates(),
    staleTime: 30_000,
    queryFn: ({ signal }) => getPersonalTemplates(signal),
  })
}

export function usePersonalTemplates() {
  return useQuery(personalTemplatesQueryOptions())
}
