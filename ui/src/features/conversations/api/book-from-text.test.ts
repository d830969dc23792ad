import { describe, expect, it } from 'vitest'
import { APPOINTMENT_BOOKED_TEXT, APPOINTMENT_NOT_BOOKED_TEXT, bookingNotice, isBooked } from './book-from-text'

const CONFIRMATION = "You're all set, Dana: booked for Tuesday, December 1 at 10:00 AM."
const OFFER = 'Unfortunately 10:00 AM on Tuesday is not available. We can see you 10:15 AM, 10:30 AM or 11:00 AM.'

describe('isBooked', () => {
  it('is true for SUCCESS only', () => {
    expect(isBooked('SUCCESS')).toBe(true)
    expect(isBooked(' success ')).toBe(true)
    expect(isBooked('FAILURE')).toBe(false)
    expect(isBooked('')).toBe(false)
  })
})

describe('bookingNotice', () => {
  it('a SUCCESS is a success titled "Appointment booked Successfully" over the confirmation texted', () => {
    expect(bookingNotice({ code: 'SUCCESS', text: CONFIRMATION })).toEqual({
      type: 'success',
      title: APPOINTMENT_BOOKED_TEXT,
      message: CONFIRMATION,
    })
  })

  it('a FAILURE is a warning titled "Appointment not booked" over the returned text', () => {
    expect(bookingNotice({ code: 'FAILURE', text: OFFER })).toEqual({ type: 'warning', title: APPOINTMENT_NOT_BOOKED_TEXT, message: OFFER })
    // Not "Unfortunately…" but still not booked: a warning.
    const why = 'The text names no time to book.'
    expect(bookingNotice({ code: 'FAILURE', text: why })).toEqual({ type: 'warning', title: APPOINTMENT_NOT_BOOKED_TEXT, message: why })
  })

  it('a text starting with "Unfortunately" is a warning whatever the code', () => {
    expect(bookingNotice({ code: 'SUCCESS', text: `  ${OFFER}` })).toMatchObject({ type: 'warning', title: APPOINTMENT_BOOKED_TEXT })
    // Only at the start.
    expect(bookingNotice({ code: 'SUCCESS', text: 'Booked. Unfortunately no loaner.' }).type).toBe('success')
  })

  it('without a text the outcome is the message', () => {
    expect(bookingNotice({ code: 'SUCCESS', text: '' })).toEqual({ type: 'success', message: APPOINTMENT_BOOKED_TEXT })
    expect(bookingNotice({ code: 'FAILURE', text: ' ' })).toEqual({ type: 'warning', message: APPOINTMENT_NOT_BOOKED_TEXT })
  })
})
