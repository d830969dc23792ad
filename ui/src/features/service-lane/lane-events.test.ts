import { describe, expect, it } from 'vitest'
import { parseLaneEvent } from './lane-events'
import { cardFixture } from './test/lane-fixtures'

describe('parseLaneEvent', () => {
  it('reads the moved card of a repairOrder.moved event', () => {
    const card = cardFixture(862, 'PREASSIGNED')
    expect(parseLaneEvent({ event: 'lane', data: { type: 'repairOrder.moved', repairOrder: card } })).toEqual(card)
  })

  it('skips other events and malformed cards', () => {
    const card = cardFixture(1)
    expect(parseLaneEvent({ event: 'job', data: { type: 'repairOrder.moved', repairOrder: card } })).toBeNull()
    expect(parseLaneEvent({ event: 'lane', data: { type: 'repairOrder.closed', repairOrder: card } })).toBeNull()
    expect(parseLaneEvent({ event: 'lane', data: { type: 'repairOrder.moved' } })).toBeNull()
    expect(parseLaneEvent({ event: 'lane', data: { type: 'repairOrder.moved', repairOrder: { ...card, statusCode: 3 } } })).toBeNull()
    expect(parseLaneEvent({ event: 'lane', data: null })).toBeNull()
  })
})
