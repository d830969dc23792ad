import { describe, expect, it } from 'vitest'
import {
  addDays,
  advisorIdsOf,
  APPOINTMENT_TITLES,
  bookingOutcome,
  clockLabel,
  defaultAppointmentTitle,
  dmsLabel,
  leadAppointmentToMove,
  matchesCustomer,
  minutesOfDay,
  SPEC_APPOINTMENT_TITLES,
  statusLabel,
  timeOptions,
} from './appointment-model'
import { CUSTOMERS, slot } from './test/appointment-fixtures'

describe('titles', () => {
  it("offers the spec's six titles exactly as written, and 'Service Appointment'", () => {
    expect(SPEC_APPOINTMENT_TITLES).toEqual([
      'Remote Appraisal Appointment',
      'Test Drive Appointment',
      'Trade Appraisal Appointment',
      'Financing Approval Appointment',
      'Buy-it Appointment',
      'Sell-it Appointment',
    ])
    expect(APPOINTMENT_TITLES).toEqual(['Service Appointment', ...SPEC_APPOINTMENT_TITLES])
  })

  it("defaults to 'Service Appointment' for service leads (and no lead), to the spec list's first for sales leads", () => {
    expect(defaultAppointmentTitle({ leadType: 'SERVICE', serviceType: 'OIL_CHANGE' })).toBe('Service Appointment')
    expect(defaultAppointmentTitle()).toBe('Service Appointment')
    expect(defaultAppointmentTitle({ leadType: 'SALES', serviceType: '' })).toBe('Remote Appraisal Appointment')
    expect(defaultAppointmentTitle({ leadType: 'SERVICE', serviceType: 'SALES_THANKS' })).toBe('Remote Appraisal Appointment')
  })
})

describe('the status labels', () => {
  it('name each status of the server\'s set for people', () => {
    expect(statusLabel('NO_SHOW')).toBe('No-show')
    expect(statusLabel('CHECKED_IN')).toBe('Checked in')
  })
})

describe("the dealer system's copy", () => {
  it('is written for people', () => {
    expect(dmsLabel('PENDING')).toBe('DMS: sending')
    expect(dmsLabel('pushed')).toBe('DMS: sent')
    expect(dmsLabel('NOT_CONNECTED')).toBe('DMS: not connected')
    expect(dmsLabel('FAILED')).toBe('DMS: failed')
    expect(dmsLabel(undefined)).toBe('')
  })
})

describe('the time picker', () => {
  it('reads and writes the 12-hour clock', () => {
    expect(minutesOfDay('9:30 AM')).toBe(570)
    expect(minutesOfDay('12:00 AM')).toBe(0)
    expect(minutesOfDay('12:15 PM')).toBe(735)
    expect(minutesOfDay('5:45 pm')).toBe(1065)
    expect(minutesOfDay('09:30')).toBe(570)
    expect(minutesOfDay('13:5')).toBeNaN()
    expect(minutesOfDay('13:00 PM')).toBeNaN()
    expect(clockLabel(570)).toBe('9:30 AM')
    expect(clockLabel(0)).toBe('12:00 AM')
    expect(clockLabel(735)).toBe('12:15 PM')
    expect(clockLabel(1065)).toBe('5:45 PM')
  })

  it('lists the quarter hours in order with how many fit; a full one is disabled', () => {
    const options = timeOptions([slot('1:45 PM', 3, [11, 12, 13]), slot('9:15 AM', 0, []), slot('9:00 AM', 2, [11, 12]), slot('9:10 AM', 1, [11])])
    expect(options).toEqual([
      { value: '9:00 AM', label: '9:00 AM · 2 free', free: 2, disabled: false },
      { value: '9:15 AM', label: '9:15 AM · full', free: 0, disabled: true },
      { value: '1:45 PM', label: '1:45 PM · 3 free', free: 3, disabled: false },
    ])
  })

  it("counts only the advisor's own quarter hours when one is picked", () => {
    const slots = [slot('9:00 AM', 2, [11, 12]), slot('9:15 AM', 1, [12]), slot('9:30 AM', 0, [])]
    expect(timeOptions(slots, 11).map((o) => [o.value, o.free, o.disabled])).toEqual([
      ['9:00 AM', 1, false],
      ['9:15 AM', 0, true],
      ['9:30 AM', 0, true],
    ])
    expect(advisorIdsOf([...slots, slot('10:00 AM', 1, [0, 13])])).toEqual([11, 12, 13])
  })

  it('steps days', () => {
    expect(addDays('2026-06-30', 1)).toBe('2026-07-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})

describe("the lead's appointment", () => {
  it('is moved while booked and still to come; otherwise a new one is booked', () => {
    expect(leadAppointmentToMove({ appointmentId: 41, appointmentSet: true, stage: 'APPOINTMENT_SET' })).toBe(41)
    expect(leadAppointmentToMove({ appointmentId: 41, appointmentSet: false, stage: 'ENGAGED' })).toBeUndefined()
    expect(leadAppointmentToMove({ appointmentId: 41, appointmentSet: true, stage: 'SHOW_OR_NO_SHOW' })).toBeUndefined()
    expect(leadAppointmentToMove({ appointmentId: null, appointmentSet: true, stage: 'APPOINTMENT_SET' })).toBeUndefined()
  })
})

describe('the customer picker match', () => {
  const names = (search: string) => CUSTOMERS.filter((c) => matchesCustomer(c, search)).map((c) => c.contactId)

  it('matches the first, last or full name, case-insensitively', () => {
    expect(names('dana')).toEqual([21, 22])
    expect(names('OKAF')).toEqual([23])
    expect(names('dana reyes')).toEqual([21, 22])
    expect(names('  Sam   Okafor ')).toEqual([23])
    expect(names('sam reyes')).toEqual([])
    expect(names('')).toEqual([21, 22, 23])
  })

  it('matches phone digits, and nothing on a stray digit', () => {
    expect(names('201-9988')).toEqual([23])
    expect(names('9')).toEqual([])
  })
})

describe('the booking answer', () => {
  it("is a success, a warning when the text starts with 'Unfortunately', a failure on code FAILURE", () => {
    expect(bookingOutcome({ message: 'Appointment booked Successfully', code: 'SUCCESS' })).toEqual({
      kind: 'success',
      text: 'Appointment booked Successfully',
    })
    expect(bookingOutcome({ message: 'Unfortunately the advisor is away; booked with another', code: 'SUCCESS' })).toEqual({
      kind: 'warning',
      text: 'Unfortunately the advisor is away; booked with another',
    })
    expect(bookingOutcome({ message: '', code: 'FAILURE' })).toEqual({ kind: 'failed', text: 'Appointment not booked' })
    expect(bookingOutcome({ message: 'Slot gone', code: 'failure' })).toEqual({ kind: 'failed', text: 'Slot gone' })
  })
})
