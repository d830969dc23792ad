import { describe, expect, it } from 'vitest'
import { customerName, mileageText, moneyText, sourceText, vehicleText } from './card-format'

describe('card texts', () => {
  it('write the customer, the vehicle and its miles, and money', () => {
    expect(customerName({ firstName: 'Tyler', lastName: 'Adams' })).toBe('Tyler Adams')
    expect(customerName({ firstName: 'Tyler' })).toBe('Tyler')
    expect(customerName(undefined)).toBe('Unknown customer')
    expect(vehicleText({ year: 2019, make: 'Subaru', model: 'Outback' })).toBe('2019 Subaru Outback')
    expect(vehicleText(undefined)).toBe('')
    expect(mileageText(190564)).toBe('190,564 mi')
    expect(mileageText(undefined)).toBe('')
    expect(moneyText(1573)).toBe('$1,573.00')
  })

  it('write record sources and booking channels for people', () => {
    expect(['DMS', 'AI_TEXT', 'BAYLINE'].map(sourceText)).toEqual(['DMS', 'AI Text', 'Bayline'])
  })
})
