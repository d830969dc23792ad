import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { API_NOTICE_TITLE } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import type { ReportRequest } from '../report-search'
import { reportKeys } from './report-keys'

/** A report's answer: typed columns, rows keyed by column, the totals row, the page and the chart. */
export type ReportView = ApiResponse<'/api/reports/{kind}', 'post'>

/** What a failure says when the server gave no message (spec X5). */
export const SERVER_ERROR_TEXT = 'Server Error!'

/** The text of a failed report call: the server's first error or message, else 'Server Error!'. */
export function reportErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const text = error.body?.errors?.find((e) => e.trim() !== '') ?? error.body?.message
    if (text && text.trim() !== '') return text
  }
  return SERVER_ERROR_TEXT
}

/**
 * A failed report call as the spec has it (X5, E-R5): a warning titled 'AI Message'
 * with the server's message (a 400 bad filter, 403 role, 404 store or report not in
 * scope). A 401 has ended the session instead.
 */
export function warnReportFailure(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return
  notify({ type: 'warning', title: API_NOTICE_TITLE, message: reportErrorText(error) })
}

/** POST /api/reports/{kind}?page=&size= — one report over the filter (lists: one page). */
export async function runReport(request: ReportRequest, signal?: AbortSignal): Promise<ReportView> {
  try {
    return await apiRequest<ReportView>(`/api/reports/${encodeURIComponent(request.kind)}`, {
      method: 'POST',
      query: request.page ? { page: request.page.page, size: request.page.size } : undefined,
      body: request.body,
      signal,
      notifyErrors: false,
    })
  } catch (error) {
    if (!signal?.aborted) warnReportFailure(error)
    throw error
  }
}

export function reportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: reportKeys.run(request),
    queryFn: ({ signal }) => runReport(request, signal),
    // Another page or filter of the same report keeps the last answer on screen
    // (dimmed) until the new one arrives; another report starts empty.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === request.kind ? previous : undefined),
  })
}

export function useReport(request: ReportRequest, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reportQueryOptions(request), enabled })
}
