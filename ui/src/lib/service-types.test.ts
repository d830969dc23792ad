import { describe, expect, it } from 'vitest'
import { isServiceTypeCode, SERVICE_TYPE_CODE, serviceTypeChoices, serviceTypeList, serviceTypeLabel } from './service-types'

describe('service type codes', () => {
  it('are upper-case words joined by underscores, as the server writes them', () => {
    for (const code of ['OIL_CHANGE', 'SVC_7500', 'OIL_CHANGE_130K', 'FIRST_SERVICE_GMC', 'ALL', 'A'.repeat(64)]) {
      expect(isServiceTypeCode(code), code).toBe(true)
    }
    for (const code of ['', 'oil_change', 'Oil change', '7500', '_OIL', 'OIL CHANGE', 'OIL-CHANGE', '<b>', 'A'.repeat(65), 42, null]) {
      expect(isServiceTypeCode(code), String(code)).toBe(false)
    }
    expect(SERVICE_TYPE_CODE.test('CHECK_UP_30D')).toBe(true)
  })

  it('are read from a URL by their form: listed or not, trimmed, once each, in order; malformed ones dropped', () => {
    expect(serviceTypeList(['PRE_CSI_LIST', ' OIL_CHANGE ', 'PRE_CSI_LIST', 'oil change', 7])).toEqual(['PRE_CSI_LIST', 'OIL_CHANGE'])
    expect(serviceTypeList('SVC_7500,FIRST_SERVICE_KIA')).toEqual(['SVC_7500', 'FIRST_SERVICE_KIA'])
    expect(serviceTypeList(['oil change'])).toBeUndefined()
    expect(serviceTypeList('')).toBeUndefined()
    expect(serviceTypeList(undefined)).toBeUndefined()
    expect(serviceTypeList({ OIL_CHANGE: true })).toBeUndefined()
  })

  it("are offered as the server lists them, then the picked ones it does not list; none while it loads", () => {
    expect(serviceTypeChoices(['SALES_THANKS', 'OIL_CHANGE'], undefined)).toEqual(['SALES_THANKS', 'OIL_CHANGE'])
    expect(serviceTypeChoices(['SALES_THANKS', 'OIL_CHANGE'], ['PRE_CSI_LIST', 'OIL_CHANGE'])).toEqual(['SALES_THANKS', 'OIL_CHANGE', 'PRE_CSI_LIST'])
    expect(serviceTypeChoices(undefined, ['OIL_CHANGE'])).toEqual(['OIL_CHANGE'])
    expect(serviceTypeChoices(undefined, undefined)).toEqual([])
  })
})

describe('serviceTypeLabel', () => {
  it('names the service types, the common ones with their interval', () => {
    expect(serviceTypeLabel('OIL_CHANGE')).toBe('Oil change (5K)')
    expect(serviceTypeLabel('STATE_INSPECTION')).toBe('State inspection')
    expect(serviceTypeLabel('TIRE_ROTATION')).toBe('Tire rotation')
    expect(serviceTypeLabel('ALL')).toBe('All service types')
    expect(serviceTypeLabel(undefined)).toBe('')
  })
})
