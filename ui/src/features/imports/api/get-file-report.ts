import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { isActiveReport } from '../import-format'
import { importKeys } from './import-keys'
import type { FileReport } from './start-import'

/** A queued or loading report is fetched again this often (the live progress bar). */
export const ACTIVE_REPORT_POLL_MS = 1000

/** GET /api/data-sync/file-reports/{fileReportId} — one report. */
export function getFileReport(reportId: number, signal?: AbortSignal, notifyErrors = true): Promise<FileReport> {
  return apiRequest<FileReport>(`/api/data-sync/file-reports/${encodeURIComponent(reportId)}`, { signal, notifyErrors })
}

export function fileReportQueryOptions(reportId: number) {
  return queryOptions({
    queryKey: importKeys.report(reportId),
    // A poll that fails keeps the report shown; only the first fetch raises a notice.
    queryFn: ({ signal, client, queryKey }) => getFileReport(reportId, signal, client.getQueryData(queryKey) === undefined),
  })
}

/** The report, polled every second while it is queued or loading. */
export function useFileReport(reportId: number) {
  return useQuery({
    ...fileReportQueryOptions(reportId),
    refetchInterval: (q) => (q.state.data && isActiveReport(q.state.data.status) ? ACTIVE_REPORT_POLL_MS : false),
  })
}
