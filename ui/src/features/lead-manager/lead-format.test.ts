import { describe, expect, it } from 'vitest'
import { canStartConversation, customerName, customerPhone, vehicleLabel, vinTail } from './lead-format'

const customer = { firstName: 'Sandra', lastName: 'Flores', cellular: '+14104289795' }

describe('lead cells', () => {
  it('write the customer: name and formatted phone', () => {
    const lead = { id: 38, customerMaster: customer } as Parameters<typeof customerName>[0]
    expect(customerName(lead)).toBe('Sandra Flores')
    expect(customerPhone(lead as Parameters<typeof customerPhone>[0])).toBe('(410)-428-9795')
    expect(customerName({ id: 5, customerMaster: { firstName: '', lastName: '' } } as Parameters<typeof customerName>[0])).toBe(
      'Lead #5',
    )
  })

  it('write the vehicle and the tail of its VIN', () => {
    expect(vehicleLabel({ id: 1, year: 2016, make: 'Toyota', model: 'RAV4' })).toBe('2016 Toyota RAV4')
    expect(vehicleLabel({ id: 1, make: 'Ford' })).toBe('Ford')
    expect(vehicleLabel(undefined)).toBe('')
    expect(vinTail('2T3M3X5P0GA000106')).toBe('GA000106')
    expect(vinTail(' 12345 ')).toBe('12345')
    expect(vinTail(undefined)).toBe('')
  })

  it('offer to start only conversations not started yet', () => {
    expect(canStartConversation({ conversationInitiated: false })).toBe(true)
    expect(canStartConversation({ conversationInitiated: true })).toBe(false)
  })
})
