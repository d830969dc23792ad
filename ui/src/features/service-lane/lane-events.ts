/**
 * The board's realtime events: `event: lane` with
 * `{"type": "repairOrder.moved", "repairOrder": <card>}` whenever anyone moves a
 * repair order (the card as it is now, with its new status and lane).
 */
import { subscribeParsed, realtime, type RealtimeClient, type RealtimeEvent } from '../../lib/realtime'
import type { LaneCard } from './api/lane-types'

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object'
}

/** The moved card of a `repairOrder.moved` event, or null for anything else. */
export function parseLaneEvent(event: RealtimeEvent): LaneCard | null {
  if (event.event !== 'lane' || !isObject(event.data) || event.data.type !== 'repairOrder.moved') return null
  const card = event.data.repairOrder
  if (!isObject(card)) return null
  const valid =
    typeof card.id === 'number' &&
    typeof card.storeId === 'number' &&
    typeof card.statusCode === 'string' &&
    typeof card.lane === 'string' &&
    typeof card.daysDiff === 'number' &&
    typeof card.unreadCount === 'number'
  return valid ? (card as unknown as LaneCard) : null
}

/**
 * Calls `onMoved` for every moved card, and `onResync` when the stream is back
 * after a break (moves may have been missed meanwhile). Returns the unsubscribe.
 */
export function subscribeLaneMoves(
  onMoved: (card: LaneCard) => void,
  onResync: () => void,
  client: RealtimeClient = realtime,
): () => void {
  return subscribeParsed(parseLaneEvent, onMoved, onResync, client)
}
