import { describe, expect, it } from 'vitest'
import { countText, mileageText, moneyText, personName, quantityText, vehicleText } from './record-format'

describe('how dealer-system records are written', () => {
  it('names a person, or says the name is unknown', () => {
    expect(personName({ firstName: 'Tyler', lastName: 'Adams' })).toBe('Tyler Adams')
    expect(personName({ lastName: 'Adams' })).toBe('Adams')
    expect(personName({})).toBe('Unknown customer')
    expect(personName(null, '')).toBe('')
  })

  it('writes a vehicle, its miles and money', () => {
    expect(vehicleText({ year: 2019, make: 'Subaru', model: 'Outback' })).toBe('2019 Subaru Outback')
    expect(vehicleText({ make: 'Subaru' })).toBe('Subaru')
    expect(mileageText(190564)).toBe('190,564 mi')
    expect(mileageText(undefined)).toBe('')
    expect(moneyText(1573)).toBe('$1,573.00')
    expect(moneyText(undefined)).toBe('—')
    expect(quantityText(1.5)).toBe('1.5')
  })

  it('counts in the singular or the plural', () => {
    expect(countText(1, 'sale', 'sales')).toBe('1 sale')
    expect(countText(1204, 'sale', 'sales')).toBe('1,204 sales')
    expect(countText(0, 'sale', 'sales')).toBe('0 sales')
    expect(countText(undefined, 'sale', 'sales')).toBe('')
  })
})
