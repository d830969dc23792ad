import { describe, expect, it } from 'vitest'
import {
  alertLeadCustomer,
  alertLeadVehicle,
  auditRequest,
  contactedLabel,
  candidateName,
  candidateVehicle,
  excludedSummary,
  formatMiles,
  formatMilesPerDay,
  leadStageLabel,
  mileageBasisLabel,
  serviceTypeLabel,
  transferOutcome,
} from './planner-format'

describe('candidates for people', () => {
  it('name the customer and the vehicle', () => {
    expect(candidateName({ firstName: 'Grace', lastName: 'Smith', custNo: 'C13' })).toBe('Grace Smith')
    expect(candidateName({ firstName: '', lastName: '', custNo: 'C13' })).toBe('Customer C13')
    expect(candidateVehicle({ year: 2026, make: 'Toyota', model: 'Camry' })).toBe('2026 Toyota Camry')
    expect(candidateVehicle({ year: 0, make: 'Toyota', model: '' })).toBe('Toyota')
  })

  it('write service types, milestones and makes included', () => {
    expect(serviceTypeLabel('OIL_CHANGE_10K')).toBe('Oil change (10K)')
    expect(serviceTypeLabel('OIL_CHANGE')).toBe('Oil change (5K)')
    expect(serviceTypeLabel('FIRST_SERVICE_GMC')).toBe('First service (GMC)')
    expect(serviceTypeLabel('FIRST_SERVICE_CHEVROLET')).toBe('First service (Chevrolet)')
    expect(serviceTypeLabel('SOMETHING_NEW')).toBe('Something new')
    expect(serviceTypeLabel(undefined)).toBe('')
  })

  it('write miles and the basis of miles a day', () => {
    expect(formatMiles(10018)).toBe('10,018 mi')
    expect(formatMiles(undefined)).toBe('')
    expect(formatMilesPerDay(37)).toBe('37.0')
    expect(formatMilesPerDay(43.24)).toBe('43.2')
    expect(mileageBasisLabel('SINCE_DELIVERY').label).toBe('Since delivery')
    expect(mileageBasisLabel('HISTORY').label).toBe('History')
    expect(mileageBasisLabel('DEFAULT').hint).toContain('37 miles a day')
  })
})

describe('transferOutcome', () => {
  it("reads a transfer run's result", () => {
    const result = {
      auditId: 1,
      candidates: 6,
      created: 6,
      excluded: { ALREADY_SERVICED: 37, NOT_DUE: 3 },
      message: 'Successfully Transfered',
      replaced: 0,
      skipped: 40,
    }
    expect(transferOutcome(result)).toEqual({
      message: 'Successfully Transfered',
      noRecords: false,
      candidates: 6,
      created: 6,
      replaced: 0,
      skipped: 40,
      excluded: { ALREADY_SERVICED: 37, NOT_DUE: 3 },
    })
    expect(excludedSummary(transferOutcome(result)!.excluded)).toBe('Already serviced: 37 · Not due: 3')
  })

  it("tells 'No Records.' apart", () => {
    expect(transferOutcome({ message: 'No Records.', candidates: 0, created: 0, skipped: 46 })).toMatchObject({ noRecords: true, skipped: 46, excluded: {} })
  })

  it('is null for a run without a transfer result', () => {
    expect(transferOutcome(undefined)).toBeNull()
    expect(transferOutcome({ created: 1 })).toBeNull()
    expect(transferOutcome('done')).toBeNull()
  })
})

describe('auditRequest', () => {
  it("reads an audit's request and left-out vehicles, ignoring what it cannot", () => {
    const parameters = {
      createdByStore: { '1': { OIL_CHANGE_10K: 6 } },
      excluded: { NOT_DUE: 3, BAD: 'x' },
      request: { customerNumber: null, hardRun: true, maxDays: 3650, minDays: -3650, planner: '10K', storeIds: [1] },
    }
    expect(auditRequest(parameters)).toEqual({
      storeIds: [1],
      minDays: -3650,
      maxDays: 3650,
      hardRun: true,
      customerNumber: undefined,
      excluded: { NOT_DUE: 3 },
    })
    expect(auditRequest(null)).toEqual({ excluded: {} })
  })
})

describe('error-alert leads for people', () => {
  it('name the customer, else by customer number', () => {
    expect(alertLeadCustomer({ customerMaster: { firstName: 'Grace', lastName: 'Smith', custno: 'C13' }, conversationInitiated: false })).toBe(
      'Grace Smith',
    )
    expect(alertLeadCustomer({ customerMaster: { firstName: '', lastName: '', custno: 'C13' }, conversationInitiated: false })).toBe('Customer C13')
    expect(alertLeadCustomer({ customerMaster: null, conversationInitiated: false })).toBe('Unknown customer')
  })

  it("write the vehicle and its VIN, the lead's first, else the vehicle's", () => {
    const serviceVehicle = { year: 2019, make: 'Toyota', model: 'RAV4', vin: '2T30DPDN7KA000205' }
    expect(alertLeadVehicle({ serviceVehicle, vin: 'JTHBA1D20K5000001', conversationInitiated: false })).toEqual({
      vehicle: '2019 Toyota RAV4',
      vin: 'JTHBA1D20K5000001',
    })
    expect(alertLeadVehicle({ serviceVehicle, conversationInitiated: false }).vin).toBe('2T30DPDN7KA000205')
    expect(alertLeadVehicle({ conversationInitiated: false })).toEqual({ vehicle: '', vin: '' })
  })

  it('write the stage, whether contacted, and the service type', () => {
    expect(leadStageLabel('NOT_STARTED')).toBe('Not started')
    expect(leadStageLabel('')).toBe('—')
    expect(contactedLabel({ conversationInitiated: true })).toBe('Yes')
    expect(contactedLabel({ conversationInitiated: false })).toBe('No')
    expect(serviceTypeLabel('TOYOTA_ERROR_ALERT')).toBe('Toyota error alert')
    expect(serviceTypeLabel('LEXUS_ERROR_ALERT')).toBe('Lexus error alert')
  })
})
