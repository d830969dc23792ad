/**
 * Mailing lists (docs/reports.md, "Mailing lists and scheduled reports"): the
 * checks made here before a call (a list's code, a recipient's address — the
 * server makes the same ones) and what a refusal says.
 */
import { ApiError } from '../../lib/api-client'
import { positiveInt } from '../../lib/search-params'

/** What every list code starts with (H-R1). */
export const LIST_PREFIX = 'LIST-'
/** The spec's text for a code that does not start with it (H-R1). */
export const LIST_PREFIX_TEXT = 'List Should Start With LIST-'
/** The longest code the server keeps. */
export const LIST_CODE_MAX = 100
/** The most recipients a list holds (the server refuses more). */
export const MAX_RECIPIENTS = 500

/** The server's refusal of a code without the prefix says this (`…should begin with LIST-…`). */
const PREFIX_REFUSAL = 'should begin with'

/**
 * Why a list code cannot be sent, else null. As the server reads it: trimmed,
 * `LIST-` (upper case) and at least one character after it, at most 100.
 */
export function listCodeProblem(code: string): string | null {
  const trimmed = code.trim()
  if (trimmed === '') return 'Enter the list’s code, e.g. LIST-MANAGERS.'
  if (!trimmed.startsWith(LIST_PREFIX)) return LIST_PREFIX_TEXT
  if (trimmed.length === LIST_PREFIX.length) return 'Name the list after LIST-, e.g. LIST-MANAGERS.'
  if ([...trimmed].length > LIST_CODE_MAX) return `At most ${LIST_CODE_MAX} characters.`
  return null
}

/** A server's refusal (4xx but 401) as text: its first error, else its message; null for anything else. */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 401) return null
  const text = error.body?.errors?.find((e) => e.trim() !== '') ?? error.body?.message
  return text && text.trim() !== '' ? text : null
}

/**
 * What a refused new list says: 'List Should Start With LIST-' when the server's
 * message says the code "should begin with" the prefix (H-R1); otherwise the
 * server's own message (a code already used is a 409 naming it). Null when it
 * was no refusal (the usual error notice is shown instead).
 */
export function listRefusalText(error: unknown): string | null {
  const text = refusal(error)
  if (text === null) return null
  return text.toLowerCase().includes(PREFIX_REFUSAL) ? LIST_PREFIX_TEXT : text
}

/** What a refused recipient says: the server's message (a bad address is 400, one already on the list 409). */
export function recipientRefusalText(error: unknown): string | null {
  return refusal(error)
}

/**
 * Why an e-mail address cannot be a recipient, else null: the server's check
 * (something before the `@`, a dot in the host not at its start, no spaces, at
 * most 254 characters).
 */
export function recipientEmailProblem(email: string): string | null {
  const trimmed = email.trim()
  if (trimmed === '') return 'Enter an e-mail address.'
  const at = trimmed.indexOf('@')
  const user = at < 0 ? '' : trimmed.slice(0, at)
  const host = at < 0 ? '' : trimmed.slice(at + 1)
  const valid = trimmed.length <= 254 && user !== '' && host.includes('.') && !host.startsWith('.') && !/\s/.test(trimmed)
  return valid ? null : 'Enter a valid e-mail address, e.g. name@dealer.com.'
}

/** The body's optional text: trimmed, or left out when blank. */
export function optionalText(value: string): string | undefined {
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

/** `/reports/mailing-lists?list=` — the opened list, if any. */
export interface MailingListsSearch {
  list?: number
}

export function validateMailingListsSearch(raw: Record<string, unknown>): MailingListsSearch {
  return { list: positiveInt(raw.list) }
}
