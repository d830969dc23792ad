import { describe, expect, it } from 'vitest'
import {
  ALL_ADVISORS,
  boardListOf,
  canDrop,
  cardOfDetail,
  daysText,
  delayTone,
  dmsTone,
  dropTargets,
  findCard,
  groupByLane,
  laneOf,
  laneTitle,
  lineTotals,
  movedCard,
  openStatusCodes,
  placeCard,
  type BoardCards,
  type BoardFilter,
} from './lane-model'
import { cardFixture, detailFixture, LANES } from './test/lane-fixtures'

const lane = (code: string) => LANES.find((l) => l.code === code)!
const FILTER: BoardFilter = { storeId: 1, advisorNo: ALL_ADVISORS, closedDate: '2026-11-26' }

describe('lanes and statuses', () => {
  it('loads the six lanes of open orders in one call, in board order (not appointments, not closed)', () => {
    expect(openStatusCodes(LANES)).toEqual(['UNASSIGNED', 'PREASSIGNED', 'ASSIGNED', 'HOLD', 'COMPLETE', 'BOOKED'])
  })

  it('routes a card to its lane by state key, else by status code', () => {
    expect(laneOf(LANES, { lane: 'workingRos', statusCode: 'ASSIGNED' })?.title).toBe('Working')
    expect(laneOf(LANES, { lane: 'checkedIn', statusCode: 'whatever' })?.code).toBe('UNASSIGNED')
    expect(laneOf(LANES, { lane: '', statusCode: 'HOLD' })?.title).toBe('Vehicle on Hold')
    expect(laneOf(LANES, { lane: 'closedRos', statusCode: 'CLOSED' })?.title).toBe('Closed ROs')
    expect(laneOf(LANES, { lane: 'nowhere', statusCode: 'NOPE' })).toBeUndefined()
  })

  it('groups cards per lane in board order, every lane present, unknown ones left out', () => {
    const groups = groupByLane(LANES, [cardFixture(1, 'ASSIGNED'), cardFixture(2, 'UNASSIGNED'), cardFixture(3, 'ASSIGNED'), cardFixture(4, 'NOPE', { lane: 'x' })])
    expect([...groups.keys()]).toEqual(LANES.map((l) => l.stateKey))
    expect(groups.get('workingRos')?.map((c) => c.id)).toEqual([1, 3])
    expect(groups.get('checkedIn')?.map((c) => c.id)).toEqual([2])
    expect(groups.get('appointments')).toEqual([])
  })

  it('writes lane titles for codes, and the code for an unknown one', () => {
    expect(laneTitle(LANES, 'PREASSIGNED')).toBe('Technician Assigned')
    expect(laneTitle(LANES, 'GONE')).toBe('GONE')
  })
})

describe('allowed drops', () => {
  it('are the lanes the server lists in the lane\'s movesTo, in board order', () => {
    expect(dropTargets(LANES, 'UNASSIGNED').map((l) => l.title)).toEqual(['Technician Assigned', 'Working', 'Vehicle on Hold'])
    expect(dropTargets(LANES, 'BOOKED').map((l) => l.code)).toEqual(['COMPLETE', 'CLOSED'])
    expect(canDrop(LANES, 'UNASSIGNED', 'ASSIGNED')).toBe(true)
    expect(canDrop(LANES, 'UNASSIGNED', 'BOOKED')).toBe(false)
  })

  it('are none for appointments, closed orders, unknown lanes, and a lane onto itself', () => {
    expect(dropTargets(LANES, 'Appt')).toEqual([])
    expect(dropTargets(LANES, 'CLOSED')).toEqual([])
    expect(dropTargets(LANES, 'NOPE')).toEqual([])
    const selfish = [{ ...lane('HOLD'), movesTo: ['HOLD', 'ASSIGNED'] }]
    expect(dropTargets([...LANES.filter((l) => l.code !== 'HOLD'), ...selfish], 'HOLD').map((l) => l.code)).toEqual(['ASSIGNED'])
  })

  it('follow the server: a lane whose movesTo changes accepts what it now lists, nothing is hard-coded', () => {
    const lanes = LANES.map((l) => (l.code === 'UNASSIGNED' ? { ...l, movesTo: ['BOOKED'] } : l))
    expect(canDrop(lanes, 'UNASSIGNED', 'BOOKED')).toBe(true)
    expect(canDrop(lanes, 'UNASSIGNED', 'ASSIGNED')).toBe(false)
  })
})

describe('applying a move to the board (optimistic, or from the realtime stream)', () => {
  const board = (): BoardCards => ({
    open: [cardFixture(1, 'UNASSIGNED', { daysDiff: 5 }), cardFixture(2, 'ASSIGNED', { daysDiff: 3 }), cardFixture(3, 'HOLD', { daysDiff: 1 })],
    closed: [cardFixture(9, 'CLOSED', { closedDate: '2026-11-26' })],
  })

  it('puts a moved card into its new lane, keeping the longest waiting first', () => {
    const before = board()
    const after = placeCard(before, LANES, cardFixture(3, 'PREASSIGNED', { daysDiff: 4 }), FILTER)
    expect(after.open?.map((c) => [c.id, c.statusCode])).toEqual([
      [1, 'UNASSIGNED'],
      [3, 'PREASSIGNED'],
      [2, 'ASSIGNED'],
    ])
    expect(groupByLane(LANES, after.open ?? []).get('techAssignedRecords')?.map((c) => c.id)).toEqual([3])
    expect(after.closed).toBe(before.closed)
  })

  it('adds a card the board did not show when it now belongs there (moved in from elsewhere)', () => {
    const after = placeCard(board(), LANES, cardFixture(7, 'COMPLETE', { daysDiff: 0 }), FILTER)
    expect(after.open?.map((c) => c.id)).toEqual([1, 2, 3, 7])
  })

  it('closing moves a card to the closed lane when closed on the day shown, else off the board', () => {
    const closedToday = placeCard(board(), LANES, cardFixture(2, 'CLOSED', { lane: 'closedRos', closedDate: '2026-11-26' }), FILTER)
    expect(closedToday.open?.map((c) => c.id)).toEqual([1, 3])
    expect(closedToday.closed?.map((c) => c.id).sort()).toEqual([2, 9])
    const closedOtherDay = placeCard(board(), LANES, cardFixture(2, 'CLOSED', { lane: 'closedRos', closedDate: '2026-11-20' }), FILTER)
    expect(closedOtherDay.open?.map((c) => c.id)).toEqual([1, 3])
    expect(closedOtherDay.closed?.map((c) => c.id)).toEqual([9])
  })

  it('ignores cards of other stores and, with an advisor picked, of other advisors (removing one that left)', () => {
    const before = board()
    expect(placeCard(before, LANES, cardFixture(50, 'ASSIGNED', { storeId: 2 }), FILTER)).toBe(before)
    const priya = { ...FILTER, advisorNo: '3' }
    const other = { id: 8, advisorNo: '8', firstName: 'Raj', lastName: 'Carter', name: 'Raj Carter' }
    expect(placeCard(before, LANES, cardFixture(50, 'ASSIGNED', { advisor: other }), priya)).toBe(before)
    expect(placeCard(before, LANES, cardFixture(2, 'HOLD', { advisor: other }), priya).open?.map((c) => c.id)).toEqual([1, 3])
    expect(boardListOf(LANES, cardFixture(2, 'HOLD'), priya)).toBe('open')
  })

  it('leaves lists that are not loaded unloaded, and a board without change as it was', () => {
    const before: BoardCards = { open: [cardFixture(1, 'UNASSIGNED')], closed: undefined }
    const after = placeCard(before, LANES, cardFixture(1, 'CLOSED', { lane: 'closedRos', closedDate: '2026-11-26' }), FILTER)
    expect(after).toEqual({ open: [], closed: undefined })
    const same = { open: [cardFixture(4, 'ASSIGNED')], closed: [] }
    expect(placeCard(same, LANES, cardFixture(40, 'ASSIGNED', { storeId: 3 }), FILTER)).toBe(same)
  })

  it('is the same whether the move is applied once or twice (our own move also comes back from the stream)', () => {
    const moved = cardFixture(1, 'HOLD', { daysDiff: 5 })
    const once = placeCard(board(), LANES, moved, FILTER)
    expect(placeCard(once, LANES, moved, FILTER)).toEqual(once)
  })

  it('an optimistic move changes the status and lane; a card closed now is closed today', () => {
    const card = cardFixture(1, 'BOOKED')
    expect(movedCard(card, lane('COMPLETE'), '2026-11-26')).toMatchObject({ statusCode: 'COMPLETE', lane: 'preInvoiced' })
    expect(movedCard(card, lane('COMPLETE'), '2026-11-26').closedDate).toBeUndefined()
    expect(movedCard(card, lane('CLOSED'), '2026-11-26')).toMatchObject({ statusCode: 'CLOSED', lane: 'closedRos', closedDate: '2026-11-26' })
    expect(findCard(board(), 9)?.statusCode).toBe('CLOSED')
    expect(findCard(board(), 99)).toBeUndefined()
  })

  it('takes the card out of an order\'s detail', () => {
    const card = cardFixture(5, 'ASSIGNED')
    expect(cardOfDetail(detailFixture(card, { lines: [{ opCode: 'A', description: 'x', quantity: 1, amount: 2, declined: false }] }))).toEqual(card)
  })
})

describe('card and drawer details', () => {
  it('totals the lines the customer takes, and the declined ones apart', () => {
    const line = (amount: number, declined: boolean) => ({ opCode: 'X', description: 'x', quantity: 1, amount, declined })
    expect(lineTotals([line(389, false), line(1184, false), line(459, true)])).toEqual({ approved: 1573, declined: 459 })
    expect(lineTotals([])).toEqual({ approved: 0, declined: 0 })
  })

  it('maps the delay colour (privileged users only get one) and the dealer-system push to badge tones', () => {
    expect([delayTone('GREEN'), delayTone('AMBER'), delayTone('red'), delayTone(undefined), delayTone('BLUE')]).toEqual([
      'success',
      'warning',
      'danger',
      null,
      null,
    ])
    expect(['PUSHED', 'PENDING', 'FAILED', 'NOT_CONNECTED'].map(dmsTone)).toEqual(['success', 'info', 'danger', 'neutral'])
    expect([daysText(0), daysText(1), daysText(12)]).toEqual(['0 days', '1 day', '12 days'])
  })
})
