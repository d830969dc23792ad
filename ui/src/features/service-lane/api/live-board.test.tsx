import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { RealtimeClient, type RealtimeListener } from '../../../lib/realtime'
import { messageFixture } from '../../../test/message-fixture'
import { setupTestRoot } from '../../../test/render'
import { ALL_ADVISORS } from '../lane-model'
import { cardFixture, LANES } from '../test/lane-fixtures'
import type { BoardScope } from './board-cache'
import { laneKeys } from './lane-keys'
import type { LaneCard, UnreadCount } from './lane-types'
import { useLiveBoard } from './live-board'

const view = setupTestRoot()
const SCOPE: BoardScope = { lanes: LANES, filter: { storeId: 1, advisorNo: ALL_ADVISORS, closedDate: '2026-11-26' }, enterpriseId: 1, today: '2026-11-26' }

/** A realtime client whose events the test sends (every subscriber gets them). */
function fakeClient() {
  const client = new RealtimeClient({ getUser: () => null })
  const listeners = new Set<RealtimeListener>()
  client.subscribe = (listener) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }
  client.subscribeStatus = () => () => undefined
  client.getStatus = () => 'open'
  return { client, emit: (event: string, data: unknown) => act(() => listeners.forEach((l) => l({ event, data }))) }
}

function Live({ client }: { client: RealtimeClient }) {
  useLiveBoard(SCOPE, client)
  return null
}

function setUp() {
  const queryClient = new QueryClient()
  queryClient.setQueryData<LaneCard[]>(laneKeys.open(1, ALL_ADVISORS), [cardFixture(1, 'UNASSIGNED', { fsiId: 91, unreadCount: 1 }), cardFixture(2, 'ASSIGNED')])
  queryClient.setQueryData<LaneCard[]>(laneKeys.closed(1, '2026-11-26', ALL_ADVISORS), [])
  queryClient.setQueryData<UnreadCount[]>(laneKeys.unreadByStatus(1, 1), [{ key: 'UNASSIGNED', unreadCount: 1, leadCount: 1 }])
  queryClient.setQueryData<UnreadCount[]>(laneKeys.unreadByStore(1), [{ key: '1', unreadCount: 4, leadCount: 3 }])
  const fake = fakeClient()
  view.render(
    <QueryClientProvider client={queryClient}>
      <Live client={fake.client} />
    </QueryClientProvider>,
  )
  const open = () => queryClient.getQueryData<LaneCard[]>(laneKeys.open(1, ALL_ADVISORS)) ?? []
  const closed = () => queryClient.getQueryData<LaneCard[]>(laneKeys.closed(1, '2026-11-26', ALL_ADVISORS)) ?? []
  const status = (key: string) => queryClient.getQueryData<UnreadCount[]>(laneKeys.unreadByStatus(1, 1))?.find((c) => c.key === key)?.unreadCount ?? 0
  const store = () => queryClient.getQueryData<UnreadCount[]>(laneKeys.unreadByStore(1))?.find((c) => c.key === '1')?.unreadCount ?? 0
  return { ...fake, open, closed, status, store }
}

describe('useLiveBoard', () => {
  it('moves a card someone moved into its new lane, its unread messages with it', () => {
    const board = setUp()
    board.emit('lane', { type: 'repairOrder.moved', repairOrder: cardFixture(1, 'HOLD', { fsiId: 91, unreadCount: 1 }) })
    // Both waited a day: the card already there stays ahead.
    expect(board.open().map((c) => [c.id, c.statusCode])).toEqual([
      [2, 'ASSIGNED'],
      [1, 'HOLD'],
    ])
    expect([board.status('UNASSIGNED'), board.status('HOLD')]).toEqual([0, 1])

    board.emit('lane', { type: 'repairOrder.moved', repairOrder: cardFixture(2, 'CLOSED', { lane: 'closedRos', closedDate: '2026-11-26' }) })
    expect(board.open().map((c) => c.id)).toEqual([1])
    expect(board.closed().map((c) => c.id)).toEqual([2])

    // Another store's move changes nothing here.
    board.emit('lane', { type: 'repairOrder.moved', repairOrder: cardFixture(7, 'HOLD', { storeId: 2 }) })
    expect(board.open().map((c) => c.id)).toEqual([1])
  })

  it('counts a customer\'s message up by one (store, card, lane) and a read conversation down, never below zero', () => {
    const board = setUp()
    board.emit('message', { type: 'message.created', message: messageFixture({ id: 5, direction: 'RECEIVED', jaguarFutureServiceInteractionId: 91, storeId: 1 }) })
    expect([board.store(), board.open()[0]?.unreadCount, board.status('UNASSIGNED')]).toEqual([5, 2, 2])

    // Staff messages count nothing.
    board.emit('message', { type: 'message.created', message: messageFixture({ id: 6, direction: 'SENT', jaguarFutureServiceInteractionId: 91, storeId: 1 }) })
    expect(board.store()).toBe(5)

    // The conversation was read: the lead's counters fall to 0.
    board.emit('lead', { type: 'lead.counts', lead: { id: 91, storeId: 1, totalUnreadCount: 0 } })
    expect([board.store(), board.open()[0]?.unreadCount, board.status('UNASSIGNED')]).toEqual([3, 0, 0])
    board.emit('lead', { type: 'lead.counts', lead: { id: 91, storeId: 1, totalUnreadCount: 0 } })
    expect([board.store(), board.status('UNASSIGNED')]).toEqual([3, 0])
  })
})
