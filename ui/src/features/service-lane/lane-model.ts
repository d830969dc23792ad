/**
 * The service-lane board (spec section F) as data: which lane a card is in,
 * where it may be dropped, and how the board changes when a card moves (by
 * this user, optimistically, or by anyone, from the realtime stream).
 *
 * The lanes themselves — titles, order, and each lane's `movesTo` — come from
 * `GET /api/service-lane/lanes`; nothing here knows which moves are allowed.
 */
import type { Lane, LaneCard, RepairOrderDetail, RepairOrderLine } from './api/lane-types'

/** The lane of the day's appointments (not repair orders: its cards never move). */
export const APPOINTMENT_LANE_CODE = 'Appt'
/** The lane of closed repair orders, loaded by close date and advisor rather than by status. */
export const CLOSED_LANE_CODE = 'CLOSED'
/** The advisor filter's "every advisor". */
export const ALL_ADVISORS = 'ALL'

/** The status codes of the lanes of open repair orders (loaded together in one call), in board order. */
export function openStatusCodes(lanes: readonly Lane[]): string[] {
  return lanes.filter((lane) => lane.code !== APPOINTMENT_LANE_CODE && lane.code !== CLOSED_LANE_CODE).map((lane) => lane.code)
}

/** The lane a card belongs in: by its state key (`lane`), else by its status code; undefined for neither. */
export function laneOf(lanes: readonly Lane[], card: Pick<LaneCard, 'lane' | 'statusCode'>): Lane | undefined {
  return lanes.find((lane) => lane.stateKey === card.lane) ?? lanes.find((lane) => lane.code === card.statusCode)
}

/** The lanes a card of lane `fromCode` may be dropped on, in board order (none for an unknown lane). */
export function dropTargets(lanes: readonly Lane[], fromCode: string): Lane[] {
  const from = lanes.find((lane) => lane.code === fromCode)
  if (!from) return []
  return lanes.filter((lane) => lane.code !== fromCode && from.movesTo.includes(lane.code))
}

/** Whether a card of lane `fromCode` may be dropped on lane `toCode`. */
export function canDrop(lanes: readonly Lane[], fromCode: string, toCode: string): boolean {
  return dropTargets(lanes, fromCode).some((lane) => lane.code === toCode)
}

/** The cards of each lane (by state key), every lane present; cards of no known lane are left out. */
export function groupByLane(lanes: readonly Lane[], cards: readonly LaneCard[]): Map<string, LaneCard[]> {
  const groups = new Map<string, LaneCard[]>(lanes.map((lane) => [lane.stateKey, []]))
  for (const card of cards) {
    const lane = laneOf(lanes, card)
    if (lane) groups.get(lane.stateKey)?.push(card)
  }
  return groups
}

/** What the board shows: one store, one advisor (or ALL), the closed lane of one day. */
export interface BoardFilter {
  storeId: number
  /** An advisor number, or ALL. */
  advisorNo: string
  /** The closed lane's day, YYYY-MM-DD. */
  closedDate: string
}

/** The board's two lists of repair orders (undefined while not loaded). */
export interface BoardCards {
  open: readonly LaneCard[] | undefined
  closed: readonly LaneCard[] | undefined
}

/** Where a card goes on a board with `filter`: the open list, the closed list, or nowhere (another store, advisor or day). */
export function boardListOf(lanes: readonly Lane[], card: LaneCard, filter: BoardFilter): keyof BoardCards | null {
  if (card.storeId !== filter.storeId) return null
  if (filter.advisorNo !== ALL_ADVISORS && card.advisor?.advisorNo !== filter.advisorNo) return null
  const lane = laneOf(lanes, card)
  if (!lane || lane.code === APPOINTMENT_LANE_CODE) return null
  if (lane.code === CLOSED_LANE_CODE) return card.closedDate === filter.closedDate ? 'closed' : null
  return 'open'
}

/** Open cards: the longest waiting first (the server's order). */
const byWaitingLongest = (a: LaneCard, b: LaneCard) => b.daysDiff - a.daysDiff
/** Closed cards: the newest first. */
const byClosedNewest = (a: LaneCard, b: LaneCard) => (b.closedDate ?? '').localeCompare(a.closedDate ?? '')

/** `list` with `card` put before the first card that sorts after it (ties keep their place ahead of it). */
function insertSorted(list: readonly LaneCard[], card: LaneCard, compare: (a: LaneCard, b: LaneCard) => number): LaneCard[] {
  const at = list.findIndex((other) => compare(card, other) < 0)
  return at === -1 ? [...list, card] : [...list.slice(0, at), card, ...list.slice(at)]
}

/**
 * The board after `card` changed (moved by this user or anyone else): taken out
 * of whichever list held it and, when it belongs on this board, put into its
 * lane's list at its place — so a move from the stream is the same whether the
 * card was shown before or not. Lists not loaded stay unloaded; a board that
 * does not change is returned as it was.
 */
export function placeCard(board: BoardCards, lanes: readonly Lane[], card: LaneCard, filter: BoardFilter): BoardCards {
  const target = boardListOf(lanes, card, filter)
  const place = (list: readonly LaneCard[] | undefined, key: keyof BoardCards) => {
    if (!list) return list
    const held = list.some((c) => c.id === card.id)
    if (!held && target !== key) return list
    const rest = held ? list.filter((c) => c.id !== card.id) : list
    return target === key ? insertSorted(rest, card, key === 'open' ? byWaitingLongest : byClosedNewest) : rest
  }
  const open = place(board.open, 'open')
  const closed = place(board.closed, 'closed')
  return open === board.open && closed === board.closed ? board : { open, closed }
}

/** The card held on the board with this id, in either list. */
export function findCard(board: BoardCards, id: number): LaneCard | undefined {
  return board.open?.find((c) => c.id === id) ?? board.closed?.find((c) => c.id === id)
}

/**
 * A card as it looks once moved to `lane` (the optimistic move, before the
 * server answers); a card closed now is closed on `today`.
 */
export function movedCard(card: LaneCard, lane: Lane, today: string): LaneCard {
  return {
    ...card,
    statusCode: lane.code,
    lane: lane.stateKey,
    ...(lane.code === CLOSED_LANE_CODE ? { closedDate: today } : {}),
  }
}

/** The card part of an order's detail (what the board shows of it). */
export function cardOfDetail(detail: RepairOrderDetail): LaneCard {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest is the card
  const { lines, moves, allowedMoves, ...card } = detail
  return card
}

/** The money of an order's lines: what the customer pays (lines not declined) and what was declined. */
export function lineTotals(lines: readonly RepairOrderLine[]): { approved: number; declined: number } {
  let approved = 0
  let declined = 0
  for (const line of lines) {
    if (line.declined) declined += line.amount
    else approved += line.amount
  }
  return { approved, declined }
}

export type DelayTone = 'success' | 'warning' | 'danger'

/** The badge tone of a card's delay colour (GREEN, AMBER, RED; sent to privileged users only), or null for none. */
export function delayTone(code: string | null | undefined): DelayTone | null {
  switch (code?.toUpperCase()) {
    case 'GREEN':
      return 'success'
    case 'AMBER':
      return 'warning'
    case 'RED':
      return 'danger'
    default:
      return null
  }
}

/** A lane's title by its code (`PREASSIGNED` → `Technician Assigned`); the code itself for a lane not on the board. */
export function laneTitle(lanes: readonly Lane[], code: string): string {
  return lanes.find((lane) => lane.code === code)?.title ?? code
}

/** The badge tone of a move's push to the dealer system: PUSHED, PENDING, FAILED; NOT_CONNECTED (no dealer system) is neutral. */
export function dmsTone(status: string): 'success' | 'info' | 'danger' | 'neutral' {
  switch (status.toUpperCase()) {
    case 'PUSHED':
      return 'success'
    case 'PENDING':
      return 'info'
    case 'FAILED':
      return 'danger'
    default:
      return 'neutral'
  }
}

/** The element id of a lane's column (the lane picker scrolls to it). */
export function laneElementId(lane: Pick<Lane, 'stateKey'>): string {
  return `lane-${lane.stateKey}`
}

/** "1 day" / "3 days". */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}
