import { describe, expect, it } from 'vitest'
import { accessWith } from '../../test/access'
import { adminRedirect, validateAdminVehicleRecordsSearch, vehicleRecordsSearch, vehicleRecordsViewOf } from './admin-search'
import {
  foundVehicleLabel,
  milesOf,
  recordPath,
  recordRequest,
  recordsPath,
  recordStoreOf,
  vehicleLookupQuery,
  vehicleLookupRequest,
  type RecordDraft,
} from './vehicle-records'

const STORES = [
  { id: 3, storeName: 'Harbor Toyota', bocMaster: { id: 1 } },
  { id: 4, storeName: 'Harbor Ford', bocMaster: { id: 1 } },
]

describe('the address of Vehicle records', () => {
  it('keeps a store, a kind, a page and a size it can use, and drops the rest', () => {
    expect(validateAdminVehicleRecordsSearch({ enterprise: '7', store: '4', kind: 'mileage', page: '2', size: '50' })).toEqual({
      enterprise: 7,
      store: 4,
      kind: 'mileage',
      page: 2,
      size: 50,
    })
    expect(validateAdminVehicleRecordsSearch({ store: 'x', kind: 'repair', page: -1, size: 1000 })).toEqual({
      enterprise: undefined,
      store: undefined,
      kind: undefined,
      page: undefined,
      size: undefined,
    })
  })

  it('reads as services, first page, default size when it says nothing', () => {
    expect(vehicleRecordsViewOf({})).toEqual({ kind: 'service', page: 0, size: 20 })
    expect(vehicleRecordsViewOf({ kind: 'mileage', page: 3, size: 50 })).toEqual({ kind: 'mileage', page: 3, size: 50 })
  })

  it('starts another store or kind at the first page, leaving defaults out', () => {
    expect(vehicleRecordsSearch({ store: 4 })).toEqual({ store: 4, page: undefined })
    expect(vehicleRecordsSearch({ kind: 'mileage' })).toEqual({ kind: 'mileage', page: undefined })
    expect(vehicleRecordsSearch({ kind: 'service' })).toEqual({ kind: undefined, page: undefined })
    expect(vehicleRecordsSearch({ page: 2, size: 20 })).toEqual({ page: 2, size: undefined })
    expect(vehicleRecordsSearch({ page: 0, size: 50 })).toEqual({ page: undefined, size: 50 })
  })

  it('opens for anyone who may open Administration, and sends others to their lead manager', () => {
    expect(adminRedirect({ access: accessWith({ users: true }) }, 'vehicle-records')).toBeNull()
    expect(adminRedirect({ access: accessWith({ telephony: true, assistants: true, developer: true }) }, 'vehicle-records')).toBeNull()
    expect(adminRedirect({ access: accessWith({ manager: true }) }, 'vehicle-records')).toBe('/leadmanager')
  })
})

describe('the store shown', () => {
  it('is the one in the address when the enterprise has it, else the first', () => {
    expect(recordStoreOf(STORES, 4)?.id).toBe(4)
    expect(recordStoreOf(STORES, 99)?.id).toBe(3)
    expect(recordStoreOf(STORES, undefined)?.id).toBe(3)
    expect(recordStoreOf([], 3)).toBeUndefined()
    expect(recordStoreOf(undefined, 3)).toBeUndefined()
  })
})

describe('the calls', () => {
  it('go to each kind its own path', () => {
    expect(recordsPath('service')).toBe('/api/virtual-service-record')
    expect(recordsPath('mileage')).toBe('/api/virtual-mileage-record')
    expect(recordPath('mileage', 12)).toBe('/api/virtual-mileage-record/12')
  })

  it('look vehicles up under the store and its dealer once 3 characters are typed', () => {
    expect(vehicleLookupQuery(STORES[1]!, ' ab ', 10)).toBeUndefined()
    const query = vehicleLookupQuery(STORES[1]!, ' A00221 ', 10)
    expect(query).toEqual({ bocId: 1, storeId: 4, text: 'A00221', page: 0, size: 10 })
    expect(vehicleLookupRequest(query!)).toEqual({
      path: '/api/boc/1/store/4/vehicles/search',
      query: { search: 'A00221', page: 0, size: 10 },
    })
  })

  it('name a match by vehicle, VIN and customer', () => {
    const match = { W2kCustomerVehicleID: 222, vin: '3TM36ZLR7TA000221', year: 2026, make: 'Toyota', model: 'Tacoma', firstName: 'John', lastName: 'Roberts', customerNumber: 'C0000190' }
    expect(foundVehicleLabel(match)).toBe('2026 Toyota Tacoma · VIN 3TM36ZLR7TA000221 · John Roberts (C0000190)')
    expect(foundVehicleLabel({ ...match, vin: undefined, year: undefined, make: undefined, model: undefined })).toBe('Vehicle · no VIN · John Roberts (C0000190)')
  })
})

describe('the request a form makes', () => {
  const service: RecordDraft = { kind: 'service', vehicleId: 222, day: '2026-11-20', mileage: '45,300', text: ' Oil change at another shop ' }
  const reading: RecordDraft = { kind: 'mileage', vehicleId: 222, day: '2026-11-20', mileage: '45300', text: '' }

  it('reads miles as typed, and says when they are not a whole number', () => {
    expect(milesOf('45,300')).toBe(45300)
    expect(milesOf(' 1 200 ')).toBe(1200)
    expect(milesOf('')).toBeNull()
    expect(milesOf('-5')).toBe(-5)
    expect(milesOf('45k')).toBeUndefined()
    expect(milesOf('12.5')).toBeUndefined()
    expect(milesOf('99999999999')).toBeUndefined()
  })

  it('sends a service with its day, miles if known and description', () => {
    expect(recordRequest(service)).toEqual({
      request: { kind: 'service', body: { vehicleId: 222, serviceDate: '2026-11-20', mileage: 45300, description: 'Oil change at another shop' } },
    })
    expect(recordRequest({ ...service, mileage: '' }).request?.body).toEqual({ vehicleId: 222, serviceDate: '2026-11-20', mileage: undefined, description: 'Oil change at another shop' })
  })

  it('leaves the rules to the server: an empty description, a future day or a negative mileage are sent', () => {
    expect(recordRequest({ ...service, text: '  ', day: '2099-01-01', mileage: '-4' }).request?.body).toEqual({
      vehicleId: 222,
      serviceDate: '2099-01-01',
      mileage: -4,
      description: '',
    })
  })

  it('sends a reading with its miles, and its note only when there is one', () => {
    expect(recordRequest(reading)).toEqual({ request: { kind: 'mileage', body: { vehicleId: 222, readingDate: '2026-11-20', mileage: 45300, note: undefined } } })
    expect(recordRequest({ ...reading, text: 'Texted by the customer' }).request?.body).toMatchObject({ note: 'Texted by the customer' })
  })

  it('asks for what no request can go without: a vehicle, a day, a reading’s miles, miles that are a number', () => {
    expect(recordRequest({ ...reading, vehicleId: undefined, day: '', mileage: '' })).toEqual({
      gaps: { vehicle: 'Find the vehicle and pick it from the matches', day: 'Enter the day as DD/MM/YYYY', mileage: 'Enter the mileage read' },
    })
    expect(recordRequest({ ...service, mileage: 'about 40k' })).toEqual({ gaps: { mileage: 'Enter the mileage as a whole number of miles' } })
  })
})
