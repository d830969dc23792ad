/** Test data: the lanes and cards as the server sends them (`GET /api/service-lane/lanes`, the lane host's card lists). */
import type { Lane, LaneBoardInfo, LaneCard, RepairOrderDetail } from '../api/lane-types'

/** The lanes of the spec in its order, with the moves the server allows (as `GET /api/service-lane/lanes` answers them). */
export const LANES: Lane[] = [
  { title: 'Appointments', code: 'Appt', stateKey: 'appointments', movesTo: [] },
  { title: 'Checked In', code: 'UNASSIGNED', stateKey: 'checkedIn', movesTo: ['PREASSIGNED', 'ASSIGNED', 'HOLD'] },
  { title: 'Technician Assigned', code: 'PREASSIGNED', stateKey: 'techAssignedRecords', movesTo: ['UNASSIGNED', 'ASSIGNED', 'HOLD'] },
  { title: 'Working', code: 'ASSIGNED', stateKey: 'workingRos', movesTo: ['PREASSIGNED', 'HOLD', 'COMPLETE'] },
  { title: 'Vehicle on Hold', code: 'HOLD', stateKey: 'vehicleDisabled', movesTo: ['UNASSIGNED', 'PREASSIGNED', 'ASSIGNED'] },
  { title: 'Pre Invoiced', code: 'COMPLETE', stateKey: 'preInvoiced', movesTo: ['ASSIGNED', 'HOLD', 'BOOKED'] },
  { title: 'Ready To Post', code: 'BOOKED', stateKey: 'readyToPost', movesTo: ['COMPLETE', 'CLOSED'] },
  { title: 'Closed ROs', code: 'CLOSED', stateKey: 'closedRos', movesTo: [] },
]

export const BOARD: LaneBoardInfo = { lanes: LANES, canMove: true, seesDelayColor: true }

const STATE_KEYS = Object.fromEntries(LANES.map((l) => [l.code, l.stateKey]))

/** An open card of store 1 (advisor 3) in the lane of `statusCode`; `extra` overrides any field. */
export function cardFixture(id: number, statusCode = 'UNASSIGNED', extra: Partial<LaneCard> = {}): LaneCard {
  return {
    id,
    storeId: 1,
    roNumber: `RO1-${String(id).padStart(8, '0')}`,
    statusCode,
    lane: STATE_KEYS[statusCode] ?? statusCode,
    openDate: '2026-11-25',
    daysDiff: 1,
    unreadCount: 0,
    updatedOn: '2026-11-26T00:00:00Z',
    customer: { id: 100 + id, firstName: 'Donald', lastName: 'Roberts', recordSource: 'DMS', cellular: '+13037800567', email: 'd@example.com' },
    vehicle: { id: 200 + id, make: 'Subaru', model: 'Outback', year: 2022, mileage: 114085 },
    advisor: { id: 3, advisorNo: '3', firstName: 'Priya', lastName: 'Taylor', name: 'Priya Taylor' },
    ...extra,
  }
}

/** The detail of a card (lines, moves, where it may go). */
export function detailFixture(card: LaneCard, extra: Partial<RepairOrderDetail> = {}): RepairOrderDetail {
  return { ...card, lines: [], moves: [], allowedMoves: LANES.find((l) => l.code === card.statusCode)?.movesTo ?? [], ...extra }
}
