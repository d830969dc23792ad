/**
 * Unread customer messages on the board: per repair-order status (the lane
 * headers, `GET /api/svc-message-instance/v2/unreadByROStatus`), per store (the
 * store picker, `…/v2/unreadByStoreId`) and per card (`unreadCount`). Loaded
 * once, then kept current from the realtime stream: a customer's new message
 * counts up by one; reading a conversation (its lead's counters falling) counts
 * down; a count never goes below zero.
 */
import type { LeadCounts, MessageEvent } from '../../lib/message-events'
import type { Lane, LaneCard, UnreadCount } from './api/lane-types'
import { APPOINTMENT_LANE_CODE, CLOSED_LANE_CODE } from './lane-model'

/** `count` moved by `delta` (+1 for a new message, −1 per message read), never below zero. */
export function stepUnread(count: number, delta: number): number {
  return Math.max(0, count + delta)
}

/** The unread count of `key` (a status code or a store id), 0 when absent. */
export function unreadOf(counts: readonly UnreadCount[] | undefined, key: string | number): number {
  return counts?.find((c) => c.key === String(key))?.unreadCount ?? 0
}

/** `counts` with `key`'s count moved by `delta` (never below zero); a key not listed yet joins the list when it counts up. */
export function adjustUnread(counts: readonly UnreadCount[], key: string | number, delta: number): UnreadCount[] {
  const name = String(key)
  const at = counts.findIndex((c) => c.key === name)
  if (at === -1) return delta > 0 ? [...counts, { key: name, unreadCount: stepUnread(0, delta), leadCount: 1 }] : [...counts]
  return counts.map((c, i) => (i === at ? { ...c, unreadCount: stepUnread(c.unreadCount, delta) } : c))
}

/** What an event changes: the store's count, and the card's (and its status's) when the lead's order is on the board. */
export interface UnreadChange {
  delta: number
  storeId?: number
  /** The card on the board whose lead the event is about. */
  cardId?: number
  /** That card's status (its lane's count). */
  statusCode?: string
}

/** The board's card that belongs to lead `leadId` (its visit's conversation), if shown. */
function cardOfLead(cards: readonly LaneCard[], leadId: number | null | undefined): LaneCard | undefined {
  return leadId === null || leadId === undefined ? undefined : cards.find((c) => c.fsiId === leadId)
}

/** A customer's new message counts up by one (staff messages, notes and status changes do not); null for anything else. */
export function unreadChangeOfMessage(event: MessageEvent, cards: readonly LaneCard[]): UnreadChange | null {
  if (event.type !== 'message.created' || event.message.direction.toUpperCase() !== 'RECEIVED') return null
  const card = cardOfLead(cards, event.message.jaguarFutureServiceInteractionId)
  const storeId = event.message.storeId ?? card?.storeId
  return {
    delta: 1,
    ...(storeId !== undefined && storeId !== null ? { storeId } : {}),
    ...(card ? { cardId: card.id, statusCode: card.statusCode } : {}),
  }
}

/**
 * A lead's counters after its conversation was read: when they fall below what
 * its card on the board shows, the card, its status and its store count down
 * by the messages read. Rises are left to the message events (counted once);
 * null when nothing on the board changes.
 */
export function unreadChangeOfLeadCounts(counts: LeadCounts, cards: readonly LaneCard[]): UnreadChange | null {
  const card = cardOfLead(cards, counts.id)
  if (!card || counts.totalUnreadCount >= card.unreadCount) return null
  return {
    delta: counts.totalUnreadCount - card.unreadCount,
    storeId: counts.storeId ?? card.storeId,
    cardId: card.id,
    statusCode: card.statusCode,
  }
}

/** `cards` with card `cardId`'s unread count moved by `delta` (never below zero); the same list when it is not there. */
export function adjustCardUnread(cards: readonly LaneCard[], cardId: number, delta: number): readonly LaneCard[] {
  if (!cards.some((c) => c.id === cardId)) return cards
  return cards.map((c) => (c.id === cardId ? { ...c, unreadCount: stepUnread(c.unreadCount, delta) } : c))
}

/** The status counts after a card with `unread` messages moved from status `from` to `to`: its messages go with it. */
export function moveUnread(counts: readonly UnreadCount[], from: string, to: string, unread: number): readonly UnreadCount[] {
  if (from === to || unread <= 0) return counts
  return adjustUnread(adjustUnread(counts, from, -unread), to, unread)
}

/**
 * The unread count of each lane (by code): an open lane's is its status's count
 * from the server (its cards' while that is not loaded); the closed lane's is
 * its cards'; the appointments lane has none.
 */
export function laneUnread(
  lanes: readonly Lane[],
  statusCounts: readonly UnreadCount[] | undefined,
  cardsByLane: ReadonlyMap<string, readonly LaneCard[]>,
): Map<string, number> {
  const result = new Map<string, number>()
  for (const lane of lanes) {
    if (lane.code === APPOINTMENT_LANE_CODE) continue
    const cards = cardsByLane.get(lane.stateKey) ?? []
    const ofCards = cards.reduce((sum, card) => sum + card.unreadCount, 0)
    result.set(lane.code, lane.code === CLOSED_LANE_CODE || !statusCounts ? ofCards : unreadOf(statusCounts, lane.code))
  }
  return result
}
