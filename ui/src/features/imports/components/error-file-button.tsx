import { useDownloadErrorFile } from '../api/get-error-file'

export interface ErrorFileButtonProps {
  reportId: number
  /** Refused rows; none: nothing to download. */
  failedRows: number
  className?: string
}

/** "Download error file": the refused rows as CSV, to fix and upload again. */
export function ErrorFileButton({ reportId, failedRows, className = 'btn btn--small' }: ErrorFileButtonProps) {
  const download = useDownloadErrorFile()
  return (
    <button
      type="button"
      className={className}
      disabled={failedRows === 0 || download.isPending}
      title={failedRows === 0 ? 'No row was refused' : 'The refused rows with their line and problems, to fix and upload again'}
      onClick={() => download.mutate(reportId)}
    >
      <span aria-hidden="true">⤓</span> {download.isPending ? 'Downloading…' : 'Download error file'}
    </button>
  )
}
