import { useMutation } from '@tanstack/react-query'
import { apiDownload, type DownloadedFile } from '../../../lib/api-client'
import { saveFile } from '../../../lib/save-file'

/**
 * GET /api/data-sync/file-reports/{fileReportId}/error-file — the refused rows as CSV
 * (the file's header plus `Line` and `Problems`). Fetched with the session's
 * headers (a plain link would go without them), then handed to the browser.
 */
export function getErrorFile(reportId: number): Promise<DownloadedFile> {
  return apiDownload(`/api/data-sync/file-reports/${encodeURIComponent(reportId)}/error-file`)
}

/** Downloads a report's error file, under the server's name (else `report-<id>-errors.csv`). */
export function useDownloadErrorFile() {
  return useMutation({
    mutationFn: getErrorFile,
    onSuccess: ({ blob, fileName }, reportId) => saveFile(blob, fileName ?? `report-${reportId}-errors.csv`),
  })
}
