import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { RealtimeClient, type RealtimeListener } from '../../../lib/realtime'
import { messageFixture } from '../../../test/message-fixture'
import { setupTestRoot } from '../../../test/render'
import { ALL_ADVISORS } from '../lane-model'
import { cardFixture, LANES } from '../test/lane-fixtures'
import type { BoardScope } from './board-cache'
import { laneKeys } from './lane-keys'
import type { LaneAdvisor, LaneAppointment, LaneCard, UnreadCount } from './lane-types'
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

function setUp(extra?: ReactNode) {
  const queryClient = new QueryClient()
  queryClient.setQueryData<LaneCard[]>(laneKeys.open(1, ALL_ADVISORS), [cardFixture(1, 'UNASSIGNED', { fsiId: 91, unreadCount: 1 }), cardFixture(2, 'ASSIGNED')])
  queryClient.setQueryData<LaneCard[]>(laneKeys.closed(1, '2026-11-26', ALL_ADVISORS), [])
  queryClient.setQueryData<UnreadCount[]>(laneKeys.unreadByStatus(1, 1), [{ key: 'UNASSIGNED', unreadCount: 1, leadCount: 1 }])
  queryClient.setQueryData<UnreadCount[]>(laneKeys.unreadByStore(1), [{ key: '1', unreadCount: 4, leadCount: 3 }])
  const fake = fakeClient()
  view.render(
    <QueryClientProvider client={queryClient}>
      <Live client={fake.client} />
      {extra}
    </QueryClientProvider>,
  )
  const open = () => queryClient.getQueryData<LaneCard[]>(laneKeys.open(1, ALL_ADVISORS)) ?? []
  const closed = () => queryClient.getQueryData<LaneCard[]>(laneKeys.closed(1, '2026-11-26', ALL_ADVISORS)) ?? []
  const status = (key: string) => queryClient.getQueryData<UnreadCount[]>(laneKeys.unreadByStatus(1, 1))?.find((c) => c.key === key)?.unreadCount ?? 0
  const store = () => queryClient.getQueryData<UnreadCount[]>(laneKeys.unreadByStore(1))?.find((c) => c.key === '1')?.unreadCount ?? 0
  return { ...fake, queryClient, open, closed, status, store }
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

  it("loads the store's board again when a dealer-system sync of the store succeeded", () => {
    const fetchOpen = vi.fn(() => Promise.resolve([cardFixture(1, 'UNASSIGNED'), cardFixture(2, 'ASSIGNED'), cardFixture(3, 'UNASSIGNED')]))
    /** The open lanes as shown: fetched again only when invalidated. */
    function OpenLanes() {
      useQuery({ queryKey: laneKeys.open(1, ALL_ADVISORS), queryFn: fetchOpen, staleTime: Infinity })
      return null
    }
    const board = setUp(<OpenLanes />)
    const { queryClient } = board
    queryClient.setQueryData<LaneAppointment[]>(laneKeys.appointments(1, '2026-11-26'), [])
    queryClient.setQueryData<LaneAdvisor[]>(laneKeys.advisors(1), [])
    queryClient.setQueryData<LaneCard[]>(laneKeys.open(2, ALL_ADVISORS), [])
    queryClient.setQueryData<LaneAdvisor[]>(laneKeys.advisors(2), [])
    const invalidated = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated ?? false
    const storeKeys = [
      laneKeys.closed(1, '2026-11-26', ALL_ADVISORS),
      laneKeys.appointments(1, '2026-11-26'),
      laneKeys.advisors(1),
      laneKeys.unreadByStatus(1, 1),
      laneKeys.unreadByStore(1),
    ]
    const sync = (extra: Record<string, unknown>) => ({
      type: 'job.updated',
      run: {
        id: 41,
        kind: 'imports.sync',
        status: 'running',
        progress: 50,
        counts: { total: 12, done: 6, failed: 0, skipped: 0 },
        attempt: 1,
        maxAttempts: 3,
        cancelRequested: false,
        createdAt: '2026-11-26T08:00:00Z',
        input: { dataSourceId: 5, storeId: 1, trigger: 'schedule' },
        ...extra,
      },
    })

    // Still running, failed, or another store's: nothing is loaded again.
    board.emit('job', sync({}))
    board.emit('job', sync({ status: 'failed' }))
    board.emit('job', sync({ status: 'succeeded', progress: 100, input: { dataSourceId: 6, storeId: 2 } }))
    expect(fetchOpen).not.toHaveBeenCalled()
    expect(storeKeys.map(invalidated)).toEqual([false, false, false, false, false])

    board.emit('job', sync({ status: 'succeeded', progress: 100 }))
    expect(fetchOpen).toHaveBeenCalledTimes(1)
    expect(storeKeys.map(invalidated)).toEqual([true, true, true, true, true])
    // Other stores' lists stay as they are.
    expect([invalidated(laneKeys.open(2, ALL_ADVISORS)), invalidated(laneKeys.advisors(2))]).toEqual([false, false])
  })
})
