import { ApiError, firstErrorText } from '../../../lib/api-client'
import { notify } from '../../../lib/notices'

/** What a failed template call shows when the server gave no message (spec section 8). */
export const TEMPLATE_SERVER_ERROR_TEXT = 'Server Error!'

/**
 * The server's words for a failed template call (every `errors` entry, else its
 * message), or 'Server Error!' when no answer came or it said nothing.
 */
export function templateErrorTexts(error: unknown): string[] {
  if (error instanceof ApiError && error.body) {
    const errors = (error.body.errors ?? []).filter((e) => e !== '')
    if (errors.length > 0) return errors
    const text = firstErrorText(error)
    if (text) return [text]
  }
  return [TEMPLATE_SERVER_ERROR_TEXT]
}

/**
 * Template calls fail with a warning holding the response message or 'Server
 * Error!' (spec section 8). A 401 shows nothing: the session is ending.
 */
export function warnTemplateFailure(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return
  notify({ type: 'warning', message: templateErrorTexts(error)[0] })
}
