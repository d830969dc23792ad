import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import {
  availabilityFixture,
  bookingFixture,
  CUSTOMERS,
  fakeServer,
  json,
  NOW,
  slot,
  TODAY,
  ZONE,
} from '../test/appointment-fixtures'
import { AppointmentEditorDialog, type AppointmentEditorDialogProps } from './appointment-editor-dialog'

const view = setupTestRoot()

beforeEach(() => {
  // Only the clock is faked: the fetch answers still arrive on real timers.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(NOW))
})
afterEach(() => {
  vi.useRealTimers()
})

const AVAILABILITY_URL = `/api/appointment/availability?storeId=1&startDate=${TODAY}&days=1`
const LEAD = { id: 3, customerName: 'Dana Reyes', leadType: 'SERVICE', serviceType: 'OIL_CHANGE' }

function render(props: Partial<AppointmentEditorDialogProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <AppointmentEditorDialog open storeId={1} enterpriseId={7} timeZone={ZONE} searchDelayMs={0} onClose={() => undefined} {...props} />
    </QueryClientProvider>,
  )
  return client
}

async function settle() {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

const dialog = () => document.querySelector<HTMLDialogElement>('dialog[data-testid="appointment-editor"]')!
const heading = () => document.getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent
/** A form control by its label's text. */
function field<T extends HTMLElement>(label: string): T {
  const found = Array.from(dialog().querySelectorAll('label')).find((l) => l.textContent === label)
  if (!found) throw new Error(`no field labelled ${label}`)
  return document.getElementById(found.htmlFor) as T
}
const timePicker = () => field<HTMLSelectElement>('Time')
const freeTimes = () => dialog().querySelector('[data-testid="free-times"]')?.textContent
const actions = () => Array.from(dialog().querySelectorAll<HTMLButtonElement>('.form-dialog__actions button'))
const button = (name: string) => actions().find((b) => b.textContent === name)
const click = (element: HTMLElement) => act(() => element.click())

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

/** Answers the availability of any day (the fixture's slots on it) and `book` for the booking call. */
function server(book?: (body: unknown) => Response) {
  return fakeServer((method, url, body) => {
    if (method === 'GET' && url.startsWith('/api/appointment/availability?')) {
      const date = new URL(url, 'http://x').searchParams.get('startDate')!
      return json(availabilityFixture(date))
    }
    if (method === 'POST' && url === '/api/appointment' && book) return book(body)
    return undefined
  })
}

describe('AppointmentEditorDialog', () => {
  it("lists the day's quarter hours on a 12-hour clock with how many are free; full ones cannot be picked", async () => {
    const { calls } = server()
    render({ lead: LEAD })
    await settle()

    expect(calls.map((c) => c.url)).toEqual([AVAILABILITY_URL])
    // Shown as DD/MM/YYYY (lib/date-time); the calendar beside it starts at today.
    expect(field<HTMLInputElement>('Date').value).toBe('01/06/2026')
    expect(document.querySelector<HTMLInputElement>('.date-input__picker')?.min).toBe(TODAY)
    const options = Array.from(timePicker().options).map((o) => [o.value, o.textContent, o.disabled])
    expect(options).toEqual([
      ['', 'Pick a time', false],
      ['9:00 AM', '9:00 AM · 2 free', false],
      ['9:15 AM', '9:15 AM · full', true],
      ['9:30 AM', '9:30 AM · 1 free', false],
      ['1:45 PM', '1:45 PM · 3 free', false],
    ])
    expect(freeTimes()).toBe('3 of 4 times free')

    // The advisors are the ones free that day; picking one counts only their times.
    const advisor = field<HTMLSelectElement>('Advisor (optional)')
    expect(Array.from(advisor.options).map((o) => o.textContent)).toEqual(['Any advisor', 'Ana Silva', 'Elizabeth Adams', 'Advisor 7'])
    choose(advisor, '11')
    expect(Array.from(timePicker().options).map((o) => [o.value, o.disabled])).toEqual([
      ['', false],
      ['9:00 AM', false],
      ['9:15 AM', true],
      ['9:30 AM', true],
      ['1:45 PM', false],
    ])
    expect(freeTimes()).toBe('2 of 4 times free')
  })

  it('asks for the chosen day, and says when the store is closed then', async () => {
    const { calls } = fakeServer((_method, url) => {
      if (url === AVAILABILITY_URL) return json(availabilityFixture())
      if (url.includes('startDate=2026-06-07')) return json({ ...availabilityFixture('2026-06-07', []), days: [{ date: '2026-06-07', slots: [] }] })
      return undefined
    })
    render({ lead: LEAD })
    await settle()
    choose(timePicker(), '9:00 AM')
    typeInto(field('Date'), '2026-06-07')
    await settle()
    expect(calls.at(-1)?.url).toBe('/api/appointment/availability?storeId=1&startDate=2026-06-07&days=1')
    // A new day drops the time picked.
    expect(timePicker().value).toBe('')
    expect(timePicker().disabled).toBe(true)
    expect(freeTimes()).toBe('The store is closed on this day.')
  })

  it("reads 'Save' for a new appointment; Cancel closes", async () => {
    server()
    const onClose = vi.fn()
    render({ lead: LEAD, onClose })
    await settle()
    expect(heading()).toBe('New appointment')
    expect(actions().map((b) => b.textContent)).toEqual(['Cancel', 'Save'])
    click(button('Cancel')!)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it("reads 'Schedule' when an appointment is moved, and starts from where it is", async () => {
    server()
    render({ lead: LEAD, appointment: { id: 41, date: TODAY, time: '09:30', advisorId: 12, transportType: 'LOANER' } })
    await settle()
    expect(heading()).toBe('Move appointment')
    expect(actions().map((b) => b.textContent)).toEqual(['Cancel', 'Schedule'])
    expect(timePicker().value).toBe('9:30 AM')
    expect(field<HTMLSelectElement>('Advisor (optional)').value).toBe('12')
    expect(field<HTMLSelectElement>('Transport').value).toBe('LOANER')
  })

  it("shows the lead's customer read-only, and books for the lead with the form's values", async () => {
    const { calls } = server(() => json(bookingFixture()))
    const onClose = vi.fn()
    const onBooked = vi.fn()
    const client = render({ lead: LEAD, onClose, onBooked })
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    await settle()

    const customer = field<HTMLInputElement>('Customer')
    expect(customer.value).toBe('Dana Reyes')
    expect(customer.readOnly).toBe(true)
    expect(dialog().querySelector('input[aria-label="Search customers"]')).toBeNull()
    expect(field<HTMLSelectElement>('Title').value).toBe('Service Appointment')
    expect(Array.from(field<HTMLSelectElement>('Title').options, (o) => o.value)).toEqual([
      'Service Appointment',
      'Remote Appraisal Appointment',
      'Test Drive Appointment',
      'Trade Appraisal Appointment',
      'Financing Approval Appointment',
      'Buy-it Appointment',
      'Sell-it Appointment',
    ])
    expect(Array.from(field<HTMLSelectElement>('Transport').options, (o) => o.value)).toEqual(['', 'WAITER', 'DROP_OFF', 'LOANER', 'SHUTTLE'])

    choose(field('Title'), 'Test Drive Appointment')
    choose(timePicker(), '1:45 PM')
    choose(field('Transport'), 'SHUTTLE')
    typeInto(field('Op code (optional)'), ' LOF ')
    typeInto(field('Notes (optional)'), 'Customer waits.')
    click(button('Save')!)
    await settle()

    expect(calls.filter((c) => c.url === '/api/appointment')).toEqual([
      {
        method: 'POST',
        url: '/api/appointment',
        body: {
          futureServiceInteractionId: 3,
          storeId: 1,
          inpDate: TODAY,
          inpTime: '1:45 PM',
          title: 'Test Drive Appointment',
          opCode: 'LOF',
          transportType: 'SHUTTLE',
          notes: 'Customer waits.',
        },
      },
    ])
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Appointment booked Successfully' })
    expect(onBooked).toHaveBeenCalledWith(bookingFixture().appointment)
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments', 'day'] })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['appointments', 'availability'] })
  })

  it("moves with the appointment's id and warns when the answer starts with 'Unfortunately'", async () => {
    const text = 'Unfortunately advisor 12 is away that day; the appointment went to advisor 11'
    const { calls } = server(() => json(bookingFixture({ message: text })))
    const onClose = vi.fn()
    render({ lead: LEAD, appointment: { id: 41 }, onClose })
    await settle()
    choose(timePicker(), '9:00 AM')
    click(button('Schedule')!)
    await settle()
    expect(calls.find((c) => c.url === '/api/appointment')?.body).toMatchObject({ apptId: 41, futureServiceInteractionId: 3, inpTime: '9:00 AM' })
    expect(getNotices().at(-1)).toMatchObject({ type: 'warning', message: text })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it("shows a full slot's 409 message in the dialog as a warning and stays open, asking for the free slots again", async () => {
    const full = '9:00 AM on Monday, June 1 is fully booked: pick another time'
    const { calls } = server(() => json({ message: full, errors: [full] }, 409))
    const onClose = vi.fn()
    render({ lead: LEAD, onClose })
    await settle()
    const notices = getNotices().length
    choose(timePicker(), '9:00 AM')
    click(button('Save')!)
    await settle()

    const refusal = dialog().querySelector<HTMLElement>('[data-testid="appointment-refusal"]')!
    expect(refusal.getAttribute('role')).toBe('alert')
    expect(refusal.className).toContain('warning-box')
    expect(refusal.textContent).toBe(full)
    expect(dialog().open).toBe(true)
    expect(onClose).not.toHaveBeenCalled()
    expect(getNotices().length).toBe(notices)
    // The slots are asked for again: the one refused is likely full now.
    expect(calls.filter((c) => c.url === AVAILABILITY_URL)).toHaveLength(2)
    expect(button('Save')!.disabled).toBe(false)
  })

  it("shows a 400's reasons in the dialog too (a closed or past time)", async () => {
    server(() => json({ message: 'Bad request', errors: ['9:00 AM on Monday, June 1 has passed'] }, 400))
    render({ lead: LEAD })
    await settle()
    choose(timePicker(), '9:00 AM')
    click(button('Save')!)
    await settle()
    expect(dialog().querySelector('[data-testid="appointment-refusal"]')?.textContent).toBe('9:00 AM on Monday, June 1 has passed')
  })

  it("keeps the dialog open with 'Appointment not booked' when the answer's code is FAILURE", async () => {
    server(() => json(bookingFixture({ message: '', code: 'FAILURE' })))
    const onClose = vi.fn()
    render({ lead: LEAD, onClose })
    await settle()
    choose(timePicker(), '9:00 AM')
    click(button('Save')!)
    await settle()
    expect(dialog().querySelector('[data-testid="appointment-refusal"]')?.textContent).toBe('Appointment not booked')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('asks for a time (and a customer without a lead) before sending anything', async () => {
    const { calls } = server(() => json(bookingFixture()))
    render()
    await settle()
    click(button('Save')!)
    await settle()
    expect(dialog().querySelector('[role="alert"][aria-label="Missing"]')?.textContent).toBe('Pick a customer.Pick a free time.')
    expect(calls.some((c) => c.url === '/api/appointment')).toBe(false)
  })

  it("without a lead, picks the customer from the store's, searched by name, and books for them", async () => {
    const { calls } = fakeServer((method, url) => {
      if (url.startsWith('/api/appointment/availability?')) return json(availabilityFixture(TODAY, [slot('10:00 AM', 1, [11])]))
      if (url.startsWith('/leadmanager/getLeadManagerDataForCompanyOffice?')) {
        const search = new URL(url, 'http://x').searchParams.get('search')
        // The server's own match is looser than the spec's: the picker keeps the rows the spec matches.
        return json(search ? CUSTOMERS : CUSTOMERS.slice(0, 2))
      }
      if (method === 'POST' && url === '/api/appointment') return json(bookingFixture())
      return undefined
    })
    render()
    await settle()
    const customer = field<HTMLInputElement>('Customer')
    expect(customer.readOnly).toBe(true)
    expect(customer.value).toBe('')
    const rows = () => Array.from(dialog().querySelectorAll<HTMLButtonElement>('[data-testid="customer-picker-row"]'))
    const rowText = () => rows().map((r) => Array.from(r.children, (c) => c.textContent))
    expect(calls.filter((c) => c.url.startsWith('/leadmanager/')).map((c) => c.url)).toEqual([
      '/leadmanager/getLeadManagerDataForCompanyOffice?companyId=7&officeId=1',
    ])
    expect(rowText()).toEqual([
      ['(555)-201-3344', 'Dana Reyes', 'dana@example.com'],
      ['#22', 'Reyes Dana', 'rd@example.com'],
    ])

    typeInto(dialog().querySelector<HTMLInputElement>('input[aria-label="Search customers"]')!, 'OKAFOR')
    await settle()
    expect(calls.filter((c) => c.url.startsWith('/leadmanager/')).at(-1)?.url).toBe(
      '/leadmanager/getLeadManagerDataForCompanyOffice?companyId=7&officeId=1&search=OKAFOR',
    )
    expect(rowText()).toEqual([['(555)-201-9988', 'Sam Okafor', '—']])

    click(rows()[0]!)
    expect(customer.value).toBe('Sam Okafor')
    expect(rows()[0]!.getAttribute('aria-pressed')).toBe('true')
    choose(timePicker(), '10:00 AM')
    click(button('Save')!)
    await settle()
    expect(calls.find((c) => c.url === '/api/appointment')?.body).toEqual({
      customerId: 23,
      storeId: 1,
      inpDate: TODAY,
      inpTime: '10:00 AM',
      title: 'Service Appointment',
    })
  })
})
