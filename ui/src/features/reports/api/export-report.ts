import { useMutation, useQueryClient } from '@tanstack/react-query'
import { jobKeys } from '../../../components/job-runs/api/job-keys'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import type { ReportFilterBody } from '../report-search'
import { warnReportFailure } from './run-report'

/** The files a report exports to. */
export const EXPORT_FORMATS = ['CSV', 'XLSX'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** The report's filter plus the file's format. */
export type ReportExportBody = Omit<ApiRequestBody<'/api/reports/{kind}/export', 'post'>, 'format'> & { format: ExportFormat }
/** The job run that writes the file (as `GET /api/jobs/{id}`'s `run`). */
export type ReportExportRun = ApiResponse<'/api/reports/{kind}/export', 'post'>

export interface ExportReportInput {
  kind: string
  body: ReportFilterBody
  format: ExportFormat
}

/**
 * POST /api/reports/{kind}/export — starts the `reports.export` job for the
 * report's filter. When the run has succeeded, its `result.downloadUrl` serves
 * the file (`result.fileName`, `result.rows`) until `result.expiresAt`.
 */
export function exportReport({ kind, body, format }: ExportReportInput): Promise<ReportExportRun> {
  const payload: ReportExportBody = { ...body, format }
  return apiRequest<ReportExportRun>(`/api/reports/${encodeURIComponent(kind)}/export`, { method: 'POST', body: payload, notifyErrors: false })
}

/** Starts an export; a refusal shows the server's message as a warning (X5). The jobs list learns of the run. */
export function useExportReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: exportReport,
    onError: warnReportFailure,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobKeys.lists() }),
  })
}
