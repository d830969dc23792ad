import type { DealRoomLead, DealRoomLink, EmailAutoResponseQuery } from '../api/deal-room-types'

/** A signed link's query as the route read it (text, as in the URL). */
export type SignedLinkSearch = Partial<Record<keyof DealRoomLink, string | undefined>>

/** A whole-number id as the URL gave it, or undefined. */
function idFrom(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined
}

/**
 * The link's three parameters, or null when one is missing or an id is not a
 * number (the page says the link is not valid). The server issues every link
 * with all three.
 */
export function linkFrom(search: SignedLinkSearch): DealRoomLink | null {
  const futureServiceInteractionId = idFrom(search.futureServiceInteractionId)
  const userMasterId = idFrom(search.userMasterId)
  const { token } = search
  return futureServiceInteractionId !== undefined && userMasterId !== undefined && token ? { futureServiceInteractionId, userMasterId, token } : null
}

export function customerName(lead: Pick<DealRoomLead, 'customerFirstName' | 'customerLastName'>): string {
  return [lead.customerFirstName, lead.customerLastName].filter(Boolean).join(' ') || 'Customer'
}

/** The e-mailed link's query (spec G-S4): `fromAddress` and `toAddress` are sent as `from` and `to`. */
export interface EmailAutoResponseSearch {
  token?: string
  fromAddress?: string
  toAddress?: string
  subject?: string
  message?: string
  key?: string
}

export function autoResponseQuery(search: EmailAutoResponseSearch): EmailAutoResponseQuery {
  return {
    token: search.token ?? '',
    from: search.fromAddress ?? '',
    to: search.toAddress ?? '',
    subject: search.subject ?? '',
    message: search.message ?? '',
    key: search.key ?? '',
  }
}
