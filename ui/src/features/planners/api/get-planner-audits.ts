import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import type { AuditQuery } from '../planner-search'
import { plannerKeys } from './planner-keys'

const AUDIT_SEARCH_PATH = '/api/future-service-interaction/predictive-planner-audit/search'

export type AuditPage = ApiResponse<typeof AUDIT_SEARCH_PATH, 'post'>
export type PlannerAudit = AuditPage['content'][number]
export type AuditSearchBody = ApiRequestBody<typeof AUDIT_SEARCH_PATH, 'post'>

/** POST predictive-planner-audit/search {plannerName, page, size} — a planner's transfers, newest first. */
export function getPlannerAudits(query: AuditQuery, signal?: AbortSignal, notifyErrors = true): Promise<AuditPage> {
  const body: AuditSearchBody = { plannerName: query.plannerName, page: query.page, size: query.size }
  return apiRequest<AuditPage>(AUDIT_SEARCH_PATH, { method: 'POST', body, signal, notifyErrors })
}

export function plannerAuditsQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: plannerKeys.audits(query),
    // A background refetch of a page already shown fails quietly; the page stays.
    queryFn: ({ signal, client, queryKey }) => getPlannerAudits(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

export function usePlannerAudits(query: AuditQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...plannerAuditsQueryOptions(query), enabled: options.enabled ?? true })
}
