import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { ErrorAlertQuery } from '../planner-search'
import { ERROR_ALERT_PATH } from '../planner-views'
import { plannerKeys } from './planner-keys'

/** The lead lists' page: the same leads the lead manager lists. */
export type AlertLeadPage = ApiResponse<typeof ERROR_ALERT_PATH, 'post'>
export type AlertLead = AlertLeadPage['content'][number]

/**
 * POST /api/lisa/fea?page=&size= with the lead-list search body: the leads FEA
 * alert files made. Errors raise no notice: the screen shows the server's
 * message in place of the list.
 */
export function getErrorAlertLeads(query: ErrorAlertQuery, signal?: AbortSignal): Promise<AlertLeadPage> {
  return apiRequest<AlertLeadPage>(ERROR_ALERT_PATH, {
    method: 'POST',
    query: { page: query.page, size: query.size },
    body: query.body,
    signal,
    notifyErrors: false,
  })
}

export function errorAlertLeadsQueryOptions(query: ErrorAlertQuery) {
  return queryOptions({
    queryKey: plannerKeys.errorAlerts(query),
    queryFn: ({ signal }) => getErrorAlertLeads(query, signal),
    // Another page or filter keeps the shown rows (dimmed) until it arrives.
    placeholderData: keepPreviousData,
  })
}

export function useErrorAlertLeads(query: ErrorAlertQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...errorAlertLeadsQueryOptions(query), enabled: options.enabled ?? true })
}
