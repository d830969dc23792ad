import { ApiError } from '../../../lib/api-client'
import type { DealRoomLink } from './deal-room-types'

/** The page's fallback words when the server gave none. */
export const INVALID_LINK_TEXT = 'This link is not valid'
export const RATE_LIMITED_TEXT = 'Too many requests. Please try again in a minute.'
export const LOAD_FAILED_TEXT = 'The page could not be loaded. Please try again later.'

/** The link's query as each public call sends it. */
export function linkQuery(link: DealRoomLink): DealRoomLink {
  return { futureServiceInteractionId: link.futureServiceInteractionId, userMasterId: link.userMasterId, token: link.token }
}

/** The server refused the link (changed, expired, another lead's): nothing else is shown. */
export function isLinkRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403
}

/** Retry only what may come back (no answer, 5xx); a refusal or a rate limit stays. */
export function retryTransient(failures: number, error: unknown): boolean {
  return failures < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500)
}

/** The full-page text for a failed load: the server's words for a refusal or a rate limit. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const said = error.body?.message?.trim()
    if (error.status === 403) return said || INVALID_LINK_TEXT
    if (error.status === 429) return said || RATE_LIMITED_TEXT
  }
  return LOAD_FAILED_TEXT
}
