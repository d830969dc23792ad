import { ApiError } from '../../lib/api-client'

/** The chat test's words (H-R5, H-R6). */
export const CHAT_TESTED_TEXT = 'Successfully Tested'
export const CHAT_INVALID_TEXT = 'Invalid Credentials.'
export const CHAT_FAILED_TEXT = 'Connection to twilio chat failed. Please check twilio credentials.'
/** After 'Invalid Credentials.' the page loads again this much later (H-R6). */
export const CHAT_INVALID_RELOAD_DELAY_MS = 200

/**
 * What a failed chat test says: 'Invalid Credentials.' for refused credentials
 * (400); otherwise the server's message when it gave one, else the spec's
 * connection failure. Null for an ended session (401: the session handler acts).
 */
export function chatTestFailure(error: unknown): { text: string; invalid: boolean } | null {
  if (error instanceof ApiError && error.status === 401) return null
  if (error instanceof ApiError && error.status === 400) return { text: CHAT_INVALID_TEXT, invalid: true }
  const given = error instanceof ApiError ? (error.body?.errors?.find((e) => e !== '') ?? error.body?.message) : undefined
  return { text: given || CHAT_FAILED_TEXT, invalid: false }
}
