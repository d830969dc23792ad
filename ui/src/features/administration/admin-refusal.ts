import { ApiError, firstErrorText, notifyApiError } from '../../lib/api-client'

/** Why the server refused a form, as the form shows it at its top. */
export interface Refusal {
  /** The heading: 'Not saved: …'. */
  title: string
  /** The server's problems (a 400 lists every one). */
  problems: string[]
}

/**
 * A refusal to show in the form, or null for a failure the shared notice
 * handles (no answer, 5xx). 400: every problem the server listed; 403: the
 * role may not; 404, 409: the server's word.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null
  const errors = error.body?.errors?.filter((e) => e !== '') ?? []
  const problems = errors.length > 0 ? errors : [firstErrorText(error)]
  switch (error.status) {
    case 400:
      return { title: `Not saved: the server found ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}.`, problems }
    case 403:
      return { title: 'Not saved: your role may not do this.', problems }
    case 404:
      return { title: 'Not saved: it no longer exists.', problems }
    case 409:
    case 413:
    case 415:
      return { title: 'Not saved.', problems }
    default:
      return null
  }
}

/** Shows a refusal at the top of its form, or hands any other failure to the shared notice. */
export function showRefusal(error: unknown, setRefusal: (refusal: Refusal) => void) {
  const explained = refusalOf(error)
  if (explained) setRefusal(explained)
  else notifyApiError(error)
}
