import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { AuditPage } from './admin-types'
import { enterprisePath } from './enterprise-path'

export interface AuditQuery {
  page: number
  size: number
  /** '' for every kind of record. */
  entity: string
}

/** GET /api/enterprise/{enterpriseId}/audit?entity=&page=&size= — newest first (tenant admins). */
export function getAudit(enterpriseId: number, query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return apiRequest<AuditPage>(enterprisePath(enterpriseId, '/audit'), {
    query: { page: query.page, size: query.size, entity: query.entity || undefined },
    signal,
  })
}

export function auditQueryOptions(enterpriseId: number, query: AuditQuery) {
  return queryOptions({
    queryKey: adminKeys.auditPage(enterpriseId, query),
    queryFn: ({ signal }) => getAudit(enterpriseId, query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useAudit(enterpriseId: number, query: AuditQuery) {
  return useQuery(auditQueryOptions(enterpriseId, query))
}
