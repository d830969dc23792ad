import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, useEffect } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot } from '../../../test/render'
import { ALL_ADVISORS, type BoardFilter } from '../lane-model'
import { cardFixture, detailFixture, LANES } from '../test/lane-fixtures'
import type { BoardScope } from './board-cache'
import { laneKeys } from './lane-keys'
import type { LaneCard, UnreadCount } from './lane-types'
import { useMoveRepairOrder, type MoveVariables } from './move-repair-order'

const view = setupTestRoot()
const FILTER: BoardFilter = { storeId: 1, advisorNo: ALL_ADVISORS, closedDate: '2026-11-26' }
const SCOPE: BoardScope = { lanes: LANES, filter: FILTER, enterpriseId: 1, today: '2026-11-26' }
const OPEN_KEY = laneKeys.open(1, ALL_ADVISORS)
const UNREAD_KEY = laneKeys.unreadByStatus(1, 1)
const lane = (code: string) => LANES.find((l) => l.code === code)!

const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function Harness({ onReady }: { onReady: (move: (v: MoveVariables) => void) => void }) {
  const move = useMoveRepairOrder(SCOPE)
  useEffect(() => {
    onReady(move.mutate)
  })
  return null
}

function setUp() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } })
  const card = cardFixture(862, 'UNASSIGNED', { unreadCount: 2, fsiId: 5 })
  client.setQueryData<LaneCard[]>(OPEN_KEY, [card, cardFixture(2, 'ASSIGNED')])
  client.setQueryData<UnreadCount[]>(UNREAD_KEY, [{ key: 'UNASSIGNED', unreadCount: 2, leadCount: 1 }])
  let mutate!: (v: MoveVariables) => void
  view.render(
    <QueryClientProvider client={client}>
      <Harness onReady={(m) => (mutate = m)} />
    </QueryClientProvider>,
  )
  const statusOf = (id: number) => client.getQueryData<LaneCard[]>(OPEN_KEY)?.find((c) => c.id === id)?.statusCode
  const unread = (key: string) => client.getQueryData<UnreadCount[]>(UNREAD_KEY)?.find((c) => c.key === key)?.unreadCount ?? 0
  return { client, card, mutate: (v: MoveVariables) => mutate(v), statusOf, unread }
}

describe('useMoveRepairOrder', () => {
  it('moves the card at once, sends its status it was seen in, and keeps the server\'s answer', async () => {
    let answer!: (response: Response) => void
    const fetch = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { card, mutate, statusOf, unread, client } = setUp()

    act(() => mutate({ card, to: lane('PREASSIGNED') }))
    await tick()
    expect(statusOf(862)).toBe('PREASSIGNED') // before the server answers
    expect([unread('UNASSIGNED'), unread('PREASSIGNED')]).toEqual([0, 2]) // its unread messages went with it
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/service-lane/repair-orders/862/status')
    expect(init.method).toBe('PUT')
    expect(JSON.parse(init.body as string)).toEqual({ statusCode: 'PREASSIGNED', fromStatusCode: 'UNASSIGNED' })

    const moved = detailFixture({ ...card, statusCode: 'PREASSIGNED', lane: 'techAssignedRecords', daysDiff: 9 })
    answer(json(200, moved))
    await tick()
    expect(client.getQueryData<LaneCard[]>(OPEN_KEY)?.[0]).toMatchObject({ id: 862, statusCode: 'PREASSIGNED', daysDiff: 9 })
    expect(client.getQueryData<LaneCard[]>(OPEN_KEY)?.[0]).not.toHaveProperty('lines')
    expect(client.getQueryData(laneKeys.detail(862))).toEqual(moved)
  })

  it('puts the card back and shows the server\'s message when the move is refused', async () => {
    const message = 'The repair order has moved to Working since you loaded the board'
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(409, { message, errors: [message] }))
    const before = getNotices().length
    const { card, mutate, statusOf, unread } = setUp()

    act(() => mutate({ card, to: lane('HOLD') }))
    await tick()
    await tick()
    expect(statusOf(862)).toBe('UNASSIGNED')
    expect([unread('UNASSIGNED'), unread('HOLD')]).toEqual([2, 0])
    expect(getNotices().slice(before).at(-1)).toMatchObject({ type: 'danger', message })
  })

  it('does not undo a newer move of the card that arrived from the stream meanwhile', async () => {
    let answer!: (response: Response) => void
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { card, mutate, statusOf, client } = setUp()

    act(() => mutate({ card, to: lane('HOLD') }))
    await tick()
    // Someone else's move lands first (as the stream would put it).
    client.setQueryData<LaneCard[]>(OPEN_KEY, (cards) => cards?.map((c) => (c.id === 862 ? { ...c, statusCode: 'ASSIGNED', lane: 'workingRos' } : c)))
    answer(json(409, { message: 'moved', errors: ['moved'] }))
    await tick()
    expect(statusOf(862)).toBe('ASSIGNED')
  })
})
