import { useState, type MouseEvent } from 'react'
import { apiDownload } from '../../lib/api-client'
import { saveFile } from '../../lib/save-file'
import { isAppUrl, urlFileName, type JobRunDownload } from './job-download'

export interface JobDownloadLinkProps {
  download: JobRunDownload
  /** Link text (default "Download"). */
  children?: string
  className?: string
}

/**
 * A link to a run's file. The app's own addresses need the session's bearer
 * token, which a plain link cannot send: a click fetches the file with the
 * session's headers and saves it under the run's name (or the server's). Other
 * addresses are ordinary download links.
 */
export function JobDownloadLink({ download, children = 'Download', className = 'btn btn--small' }: JobDownloadLinkProps) {
  const [busy, setBusy] = useState(false)
  const ownUrl = isAppUrl(download.url)

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let modified clicks (new tab, save as) do what the browser does with links.
    if (!ownUrl || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (busy) return
    setBusy(true)
    apiDownload(download.url)
      .then((file) => saveFile(file.blob, download.fileName ?? file.fileName ?? urlFileName(download.url)))
      // A failure has raised its notice (api-client).
      .catch(() => undefined)
      .finally(() => setBusy(false))
  }

  return (
    <a
      href={download.url}
      download={download.fileName ?? ''}
      rel="noopener"
      className={className}
      aria-busy={busy || undefined}
      data-testid="job-download"
      onClick={onClick}
    >
      {busy ? 'Downloading…' : children}
    </a>
  )
}
