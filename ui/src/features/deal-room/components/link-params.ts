import type { DealRoomLead, DealRoomLink, EmailAutoResponseQuery } from '../api/deal-room-types'

/** A signed link's query as the route read it. */
export type SignedLinkSearch = Partial<Record<keyof DealRoomLink, string | undefined>>

/** The link's three parameters as given, or null when one is missing (the page says the link is not valid). */
export function linkFrom(search: SignedLinkSearch): DealRoomLink | null {
  const { futureServiceInteractionId, userMasterId, token } = search
  return futureServiceInteractionId && userMasterId && token ? { futureServiceInteractionId, userMasterId, token } : null
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
