import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { AdminUserPage } from './admin-types'
import { enterprisePath } from './enterprise-path'

export interface UserQuery {
  page: number
  size: number
  search: string
}

/** GET /api/enterprise/{enterpriseId}/user?search=&page=&size= — the users the caller may manage. */
export function getUsers(enterpriseId: number, query: UserQuery, signal?: AbortSignal): Promise<AdminUserPage> {
  return apiRequest<AdminUserPage>(enterprisePath(enterpriseId, '/user'), {
    query: { page: query.page, size: query.size, search: query.search || undefined },
    signal,
  })
}

export function usersQueryOptions(enterpriseId: number, query: UserQuery) {
  return queryOptions({
    queryKey: adminKeys.userPage(enterpriseId, query),
    queryFn: ({ signal }) => getUsers(enterpriseId, query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useUsers(enterpriseId: number, query: UserQuery) {
  return useQuery(usersQueryOptions(enterpriseId, query))
}
