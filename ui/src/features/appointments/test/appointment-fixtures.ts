/** Answers of the appointment API for the appointments feature's tests, and a fetch stand-in that routes by method and URL. */
import { vi } from 'vitest'
import type { BookingAnswer } from '../api/book-appointment'
import type { Availability, FreeSlot } from '../api/get-availability'
import type { PickerCustomer } from '../api/get-picker-customers'
import type { Appointment } from '../api/get-store-day-appointments'

/** "Now" in the tests: Monday, June 1, 2026, 8:00 AM in New York. */
export const NOW = '2026-06-01T12:00:00Z'
export const TODAY = '2026-06-01'
export const ZONE = 'America/New_York'

export function slot(time: string, free: number, advisorIds: number[]): FreeSlot {
  return { time, startTime: `${TODAY}T13:00:00Z`, free, advisorIds }
}

/** A day of store 1: 9:00 (2 free), 9:15 (full), 9:30 (advisor 12 only), 1:45 PM (3 free), answered out of order. */
export function availabilityFixture(date = TODAY, slots: FreeSlot[] = DEFAULT_SLOTS): Availability {
  return {
    storeId: 1,
    timeZone: ZONE,
    slotMinutes: 15,
    days: [{ date, opens: '7:00 AM', closes: '6:00 PM', slots }],
    advisors: [
      { id: 11, name: 'Ana Silva' },
      { id: 12, name: 'Elizabeth Adams' },
      { id: 13, name: 'Advisor 7' },
    ],
  }
}

const DEFAULT_SLOTS = [slot('9:00 AM', 2, [11, 12]), slot('9:15 AM', 0, []), slot('1:45 PM', 3, [11, 12, 13]), slot('9:30 AM', 1, [12])]

export function appointmentFixture(over: Partial<Appointment> = {}): Appointment {
  const id = over.id ?? 41
  return {
    id,
    apptId: id,
    storeId: 1,
    customerId: 11,
    futureServiceInteractionId: 3,
    title: 'Service Appointment',
    apptStatus: 'SCHEDULED',
    status: 'SCHEDULED',
    movesTo: ['CONFIRMED', 'CHECKED_IN', 'NO_SHOW', 'CANCELLED'],
    apptDateTime: '2026-06-01T13:30:00Z',
    transportType: 'WAITER',
    advisorId: 12,
    advisorName: 'Elizabeth Adams',
    opCode: 'LOF',
    source: 'BAYLINE',
    type: 'Appt',
    customerName: 'Dana Reyes',
    cellular: '+15552013344',
    vehicle: '2021 Toyota RAV4',
    vin: '2T3W1RFV8MW123456',
    ...over,
  }
}

export function bookingFixture(over: Partial<BookingAnswer> = {}): BookingAnswer {
  return { message: 'Appointment booked Successfully', code: 'SUCCESS', appointment: appointmentFixture(), ...over }
}

export const CUSTOMERS: PickerCustomer[] = [
  { contactId: 21, firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', cellular: '+15552013344' },
  { contactId: 22, firstName: 'Reyes', lastName: 'Dana', email: 'rd@example.com' },
  { contactId: 23, firstName: 'Sam', lastName: 'Okafor', cellular: '+15552019988' },
]

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** One call the stand-in saw. */
export interface SeenCall {
  method: string
  url: string
  body: unknown
}

/**
 * Stands in for `fetch`: `answer(method, url, body)` gives each call's answer
 * (a fresh Response each time), else a 404. `calls` lists what was asked.
 */
export function fakeServer(answer: (method: string, url: string, body: unknown) => Response | undefined) {
  const calls: SeenCall[] = []
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    calls.push({ method, url, body })
    return Promise.resolve(answer(method, url, body) ?? json({ message: `no answer for ${method} ${url}`, errors: [] }, 404))
  })
  return { fetch, calls }
}
