import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiQuery, ApiResponse } from '../../../lib/api-types'

export type EnterprisePage = ApiResponse<'/api/enterprise', 'get'>
export type EnterpriseSummary = EnterprisePage['content'][number]
export type EnterpriseQuery = Required<Pick<ApiQuery<'/api/enterprise', 'get'>, 'page' | 'size' | 'search'>>

export const enterprisesKeys = {
  all: ['enterprises'] as const,
  list: (query: EnterpriseQuery) => ['enterprises', query] as const,
}

/** GET /api/enterprise?page=&size=&search= */
export function getEnterprises(query: EnterpriseQuery, signal?: AbortSignal): Promise<EnterprisePage> {
  return apiRequest<EnterprisePage>('/api/enterprise', {
    query: { page: query.page, size: query.size, search: query.search },
    signal,
  })
}

export function enterprisesQueryOptions(query: EnterpriseQuery) {
  return queryOptions({
    queryKey: enterprisesKeys.list(query),
    queryFn: ({ signal }) => getEnterprises(query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useEnterprises(query: EnterpriseQuery) {
  return useQuery(enterprisesQueryOptions(query))
}
