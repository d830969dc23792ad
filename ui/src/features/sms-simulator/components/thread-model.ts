/**
 * Pure helpers behind the customer-phone thread: ordering, day groups, and how
 * each text's side, time and delivery status read.
 */
import type { PhoneMessage, PhoneMessagePage } from '../api/get-phone-messages'
import type { Phone } from '../api/get-phones'
import { clockTime, dayBreakLabel, dayKey } from '../../../lib/date-time'

/** The texts of the fetched pages (newest page first), each once, oldest first (as a phone shows them). */
export function threadMessages(pages: readonly Pick<PhoneMessagePage, 'content'>[] | undefined): PhoneMessage[] {
  if (!pages) return []
  const byId = new Map<number, PhoneMessage>()
  // Pages overlap when texts arrive between fetches: the first (newest) picture of a text wins.
  for (const page of pages) for (const message of page.content) if (!byId.has(message.id)) byId.set(message.id, message)
  return [...byId.values()].sort(compareOldestFirst)
}

function time(iso: string | undefined): number {
  const t = iso ? Date.parse(iso) : NaN
  return Number.isFinite(t) ? t : 0
}

function compareOldestFirst(a: PhoneMessage, b: PhoneMessage): number {
  return time(a.createdOn) - time(b.createdOn) || a.id - b.id
}

/** The customer's own texts (they sit on the right, in blue); the rest came from the dealership. */
export function isFromCustomer(message: Pick<PhoneMessage, 'direction'>): boolean {
  return message.direction.toUpperCase() === 'RECEIVED'
}

export type StatusTone = 'pending' | 'done' | 'failed'

export interface DeliveryStatus {
  label: string
  tone: StatusTone
}

/** The label of each known status (lower case), by tone. */
const LABELS_BY_TONE: Record<StatusTone, Record<string, string>> = {
  pending: { queued: 'Queued', accepted: 'Queued', scheduled: 'Scheduled', sending: 'Sending…', sent: 'Sent' },
  done: { delivered: 'Delivered', read: 'Read', received: 'Received', stored: 'Stored' },
  failed: { undelivered: 'Not delivered', failed: 'Failed', restricted: 'Blocked' },
}

const STATUS = new Map<string, DeliveryStatus>(
  (Object.keys(LABELS_BY_TONE) as StatusTone[]).flatMap((tone) =>
    Object.entries(LABELS_BY_TONE[tone]).map(([status, label]) => [status, { label, tone }] as const),
  ),
)

/** How a dealership text's delivery status reads (provider statuses in any case, plus RESTRICTED). */
export function deliveryStatus(message: Pick<PhoneMessage, 'messageStatus'>): DeliveryStatus {
  const raw = message.messageStatus.trim()
  const known = STATUS.get(raw.toLowerCase())
  if (known) return known
  return { label: raw ? raw.charAt(0).toUpperCase() + raw.slice(1) : 'Unknown', tone: 'pending' }
}

/** Why a text did not arrive, or null when it did not fail. */
export function failureText(message: Pick<PhoneMessage, 'messageStatus' | 'errors' | 'errorCode'>): string | null {
  if (deliveryStatus(message).tone !== 'failed') return null
  const reason = message.errors?.trim() || 'The text could not be delivered.'
  const code = message.errorCode?.trim()
  return code ? `${reason} (error ${code})` : reason
}

export interface ThreadDay {
  /** `YYYY-MM-DD` in the shown time zone. */
  key: string
  messages: PhoneMessage[]
}

/** Consecutive texts of the same day, in the order given. */
export function groupByDay(messages: readonly PhoneMessage[], timeZone?: string): ThreadDay[] {
  const days: ThreadDay[] = []
  for (const message of messages) {
    const key = dayKey(time(message.createdOn), timeZone)
    const last = days.at(-1)
    if (last && last.key === key) last.messages.push(message)
    else days.push({ key, messages: [message] })
  }
  return days
}

/** The customer's name and number as the newest text of the thread gives them (when the phone is not listed). */
export function customerFromThread(
  messages: readonly Pick<PhoneMessage, 'direction' | 'from' | 'fromName' | 'to' | 'toName'>[],
): { name?: string; phone?: string } {
  const newest = messages.at(-1)
  if (!newest) return {}
  return isFromCustomer(newest)
    ? { name: newest.fromName || undefined, phone: newest.from || undefined }
    : { name: newest.toName || undefined, phone: newest.to || undefined }
}

/** When a phone last had a text, for the list: the time today, else the day (lib/date-time's thread rules). */
export function lastTextLabel(iso: string | undefined, now: number, timeZone?: string): string {
  const t = iso ? Date.parse(iso) : NaN
  if (!Number.isFinite(t)) return ''
  const key = dayKey(t, timeZone)
  return key === dayKey(now, timeZone) ? clockTime(iso, timeZone) : dayBreakLabel(key, now, timeZone)
}

/** A phone's owner as listed: first and last name. */
export function phoneName(phone: Pick<Phone, 'firstName' | 'lastName'>): string {
  return [phone.firstName, phone.lastName].filter(Boolean).join(' ') || 'Unnamed customer'
}
