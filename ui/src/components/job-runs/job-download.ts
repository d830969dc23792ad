/**
 * The file a finished run made (a report export): `result.downloadUrl`, with the
 * name to save it under and how many rows it holds.
 */

export interface JobRunDownload {
  /** Where the file is served. */
  url: string
  /** The name to save it under, when the run says. */
  fileName: string | null
  /** Rows written, when the run says. */
  rows: number | null
  /** Until when the server keeps the file (RFC 3339), when the run says. */
  expiresAt: string | null
}

/** The file of a succeeded run whose result names one (`result.downloadUrl`), else null. */
export function jobRunDownload(run: { status: string; result?: unknown } | null | undefined): JobRunDownload | null {
  if (!run || run.status !== 'succeeded' || !run.result || typeof run.result !== 'object') return null
  const { downloadUrl, fileName, rows, expiresAt } = run.result as Record<string, unknown>
  if (typeof downloadUrl !== 'string' || downloadUrl.trim() === '') return null
  return {
    url: downloadUrl,
    fileName: typeof fileName === 'string' && fileName.trim() !== '' ? fileName : null,
    rows: typeof rows === 'number' && Number.isFinite(rows) ? rows : null,
    expiresAt: typeof expiresAt === 'string' && expiresAt !== '' ? expiresAt : null,
  }
}

/**
 * Whether `url` is one of this app's own addresses (`/api/…`), which the session's
 * headers may be sent to. Anything else (another origin, `//host`) is a plain link.
 */
export function isAppUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
}

/** The last part of a URL's path, as a fallback file name. */
export function urlFileName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? ''
  const last = path.split('/').filter(Boolean).pop()
  try {
    return last ? decodeURIComponent(last) : 'download'
  } catch {
    return last ?? 'download'
  }
}
