import { describe, expect, it } from 'vitest'
import { messageFixture } from '../../test/message-fixture'
import type { UnreadCount } from './api/lane-types'
import { groupByLane } from './lane-model'
import { cardFixture, LANES } from './test/lane-fixtures'
import {
  adjustCardUnread,
  adjustUnread,
  laneUnread,
  moveUnread,
  stepUnread,
  unreadChangeOfLeadCounts,
  unreadChangeOfMessage,
  unreadOf,
} from './unread-counts'

const counts = (entries: Record<string, number>): UnreadCount[] =>
  Object.entries(entries).map(([key, unreadCount]) => ({ key, unreadCount, leadCount: unreadCount }))

describe('unread counts', () => {
  it('go up by one and down by one, never below zero', () => {
    expect(stepUnread(2, 1)).toBe(3)
    expect(stepUnread(2, -1)).toBe(1)
    expect(stepUnread(1, -1)).toBe(0)
    expect(stepUnread(0, -1)).toBe(0)
    expect(stepUnread(0, 1)).toBe(1)
  })

  it('move one key of a list, adding a key that counts up and never a negative one', () => {
    const list = counts({ ASSIGNED: 2, HOLD: 0 })
    expect(unreadOf(adjustUnread(list, 'ASSIGNED', 1), 'ASSIGNED')).toBe(3)
    expect(unreadOf(adjustUnread(list, 'ASSIGNED', -1), 'ASSIGNED')).toBe(1)
    expect(unreadOf(adjustUnread(list, 'HOLD', -1), 'HOLD')).toBe(0)
    expect(adjustUnread(list, 'BOOKED', -1)).toEqual(list)
    expect(adjustUnread(list, 4, 1).at(-1)).toEqual({ key: '4', unreadCount: 1, leadCount: 1 })
    expect(unreadOf(undefined, 'ASSIGNED')).toBe(0)
    expect(list).toEqual(counts({ ASSIGNED: 2, HOLD: 0 })) // not changed in place
  })

  it('go with a card that moves lanes', () => {
    const moved = moveUnread(counts({ ASSIGNED: 3, HOLD: 1 }), 'ASSIGNED', 'HOLD', 2)
    expect([unreadOf(moved, 'ASSIGNED'), unreadOf(moved, 'HOLD')]).toEqual([1, 3])
    const list = counts({ ASSIGNED: 1 })
    expect(moveUnread(list, 'ASSIGNED', 'HOLD', 0)).toBe(list)
  })
})

describe('realtime message events', () => {
  const cards = [cardFixture(1, 'ASSIGNED', { fsiId: 91, unreadCount: 2 }), cardFixture(2, 'HOLD')]
  const created = (extra: Parameters<typeof messageFixture>[0]) => ({ type: 'message.created' as const, message: messageFixture(extra) })

  it('a customer\'s new message counts up by one its store, and its card and lane when the lead\'s order is shown', () => {
    expect(unreadChangeOfMessage(created({ direction: 'RECEIVED', jaguarFutureServiceInteractionId: 91, storeId: 1 }), cards)).toEqual({
      delta: 1,
      storeId: 1,
      cardId: 1,
      statusCode: 'ASSIGNED',
    })
    expect(unreadChangeOfMessage(created({ direction: 'RECEIVED', jaguarFutureServiceInteractionId: 5, storeId: 6 }), cards)).toEqual({
      delta: 1,
      storeId: 6,
    })
  })

  it('staff messages and status changes count nothing', () => {
    expect(unreadChangeOfMessage(created({ direction: 'SENT', jaguarFutureServiceInteractionId: 91 }), cards)).toBeNull()
    expect(unreadChangeOfMessage({ ...created({ direction: 'RECEIVED', jaguarFutureServiceInteractionId: 91 }), type: 'message.status' }, cards)).toBeNull()
  })

  it('a lead read down (its counters fall) counts its card, lane and store down; rises are left to the messages', () => {
    const read = { id: 91, storeId: 1, totalUnreadCount: 0 }
    expect(unreadChangeOfLeadCounts(read, cards)).toEqual({ delta: -2, storeId: 1, cardId: 1, statusCode: 'ASSIGNED' })
    expect(unreadChangeOfLeadCounts({ ...read, totalUnreadCount: 1 }, cards)?.delta).toBe(-1)
    expect(unreadChangeOfLeadCounts({ ...read, totalUnreadCount: 3 }, cards)).toBeNull()
    expect(unreadChangeOfLeadCounts({ ...read, id: 5 }, cards)).toBeNull()
  })

  it('changes one card\'s count, never below zero, and leaves lists without it alone', () => {
    expect(adjustCardUnread(cards, 1, 1).map((c) => c.unreadCount)).toEqual([3, 0])
    expect(adjustCardUnread(cards, 2, -1).map((c) => c.unreadCount)).toEqual([2, 0])
    expect(adjustCardUnread(cards, 9, 1)).toBe(cards)
  })
})

describe('laneUnread', () => {
  it('is the server\'s count per status for open lanes, the cards\' for the closed lane, none for appointments', () => {
    const cards = [cardFixture(1, 'ASSIGNED', { unreadCount: 1 }), cardFixture(9, 'CLOSED', { lane: 'closedRos', unreadCount: 2 })]
    const byLane = laneUnread(LANES, counts({ ASSIGNED: 4, HOLD: 1 }), groupByLane(LANES, cards))
    expect(byLane.get('ASSIGNED')).toBe(4)
    expect(byLane.get('HOLD')).toBe(1)
    expect(byLane.get('UNASSIGNED')).toBe(0)
    expect(byLane.get('CLOSED')).toBe(2)
    expect(byLane.has('Appt')).toBe(false)
    // Before the server's counts arrive, the cards' own.
    expect(laneUnread(LANES, undefined, groupByLane(LANES, cards)).get('ASSIGNED')).toBe(1)
  })
})
