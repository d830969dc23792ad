/**
 * The board's realtime events:
 * - `event: lane` with `{"type": "repairOrder.moved", "repairOrder": <card>}`
 *   whenever anyone moves a repair order (the card as it is now, with its new
 *   status and lane);
 * - `event: job` with `{"type": "job.updated", "run": <run>}`: a dealer-system
 *   sync (`imports.sync`, input `{"dataSourceId", "storeId"}`) that succeeded
 *   may have created or moved any of its store's orders.
 */
import { JOB_KINDS } from '../../lib/job-kinds'
import { parseJobEvent } from '../../components/job-runs/api/job-events'
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

/**
 * Whether `event` is a dealer-system sync of `storeId` that has just succeeded,
 * i.e. the store's board (orders, appointments, advisors, unread counts) may
 * have changed and should be loaded again. Runs still going, failed or
 * cancelled, of another kind or another store, and malformed events are not.
 */
export function isStoreSyncSucceeded(event: RealtimeEvent, storeId: number): boolean {
  const run = parseJobEvent(event)
  if (!run || run.kind !== JOB_KINDS.importSync || run.status !== 'succeeded') return false
  const input = run.input
  return isObject(input) && typeof input.storeId === 'number' && input.storeId === storeId
}
