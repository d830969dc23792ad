import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot } from '../../../test/render'
import type { Appointment } from '../api/get-store-day-appointments'
import { appointmentFixture, fakeServer, json, TODAY, ZONE } from '../test/appointment-fixtures'
import { AppointmentDayList } from './appointment-day-list'

const view = setupTestRoot()

const DAY_URL = `/api/getAppointmentByStoreIdAndDate/1/${TODAY}`

const DAY = [
  appointmentFixture({ id: 41, apptStatus: 'SCHEDULED', apptDateTime: '2026-06-01T13:30:00Z' }),
  appointmentFixture({
    id: 42,
    apptStatus: 'CHECKED_IN',
    status: 'CHECKED_IN',
    movesTo: ['IN_SERVICE', 'COMPLETED', 'CANCELLED'],
    apptDateTime: '2026-06-01T14:00:00Z',
    customerName: 'Sam Okafor',
    cellular: undefined,
    advisorId: undefined,
    advisorName: undefined,
    transportType: 'DROP_OFF',
    dmsStatus: 'FAILED',
    dmsError: 'The feed folder is not writable',
    checkedInAt: '2026-06-01T13:55:00Z',
    inHouseMinutes: 65,
  }),
  appointmentFixture({
    id: 43,
    apptStatus: 'COMPLETED',
    status: 'COMPLETED',
    movesTo: [],
    apptDateTime: '2026-06-01T15:15:00Z',
    customerName: 'Lee Park',
    checkedInAt: '2026-06-01T15:10:00Z',
    checkedOutAt: '2026-06-01T15:52:00Z',
    inHouseMinutes: 42,
  }),
]

function render(onMove: (appointment: Appointment) => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <AppointmentDayList storeId={1} date={TODAY} timeZone={ZONE} onMove={onMove} />
    </QueryClientProvider>,
  )
  return client
}

async function settle() {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

const table = () => view.container.querySelector<HTMLTableElement>('table[aria-label="Appointments"]')!
const row = (id: number) => table().querySelector<HTMLTableRowElement>(`tr[data-row-id="${id}"]`)!
const cells = (id: number) => Array.from(row(id).querySelectorAll('td'), (td) => td.textContent)
const statusSelect = (id: number) => row(id).querySelector<HTMLSelectElement>('select')
const confirmDialog = () => document.querySelector<HTMLDialogElement>('dialog.confirm-dialog')!
const dialogButton = (name: string) => Array.from(confirmDialog().querySelectorAll('button')).find((b) => b.textContent === name)!
const click = (element: HTMLElement) => act(() => element.click())

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

describe('AppointmentDayList', () => {
  it("shows the store's day: time on its clock, customer, vehicle, title, advisor, status and transport", async () => {
    const { calls } = fakeServer((method, url) => (method === 'GET' && url === DAY_URL ? json(DAY) : undefined))
    render()
    await settle()
    expect(calls.map((c) => c.url)).toEqual([DAY_URL])
    expect(view.container.querySelector('[data-testid="appointment-count"]')?.textContent).toBe('3 appointments on 01/06/2026')
    expect(Array.from(table().querySelectorAll('th'), (th) => th.textContent)).toEqual([
      'Time',
      'Customer',
      'Vehicle',
      'Title',
      'Advisor',
      'Status',
      'In house',
      'Transport',
      'Actions',
    ])
    expect(cells(41).slice(0, 8)).toEqual([
      '9:30 AM',
      'Dana Reyes(555)-201-3344',
      '2021 Toyota RAV4VIN 2T3W1RFV8MW123456',
      'Service AppointmentOp code LOF',
      'Elizabeth Adams',
      'Scheduled\u00a0',
      '—\u00a0',
      'Waiter',
    ])
    expect(cells(42)[4]).toBe('—')
    // The push to the dealer system, its failure's reason on hover.
    expect(cells(42)[5]).toBe('Checked inDMS: failed')
    expect(row(42).querySelectorAll('td')[5]?.querySelector('.cell-stack')?.getAttribute('title')).toBe('Dealer system: The feed folder is not writable')
    expect(cells(42)[7]).toBe('Drop-off')
  })

  it('shows the in-house time: none before check-in, live while the customer is in, fixed once completed', async () => {
    fakeServer((method, url) => (method === 'GET' && url === DAY_URL ? json(DAY) : undefined))
    render()
    await settle()
    const inHouse = (id: number) => row(id).querySelector<HTMLElement>('[data-testid="appointment-in-house"]')!
    const cell = (id: number) => row(id).querySelectorAll('td')[6]!
    expect(inHouse(41).textContent).toBe('—')
    expect(inHouse(41).dataset.live).toBeUndefined()
    expect(cell(42).textContent).toBe('1 h 05 minin house')
    expect(inHouse(42).dataset.live).toBe('true')
    expect(cell(42).querySelector('.cell-stack')!.getAttribute('title')).toBe('Checked in 9:55 AM')
    expect(cell(43).textContent).toBe('42 min\u00a0')
    expect(inHouse(43).dataset.live).toBeUndefined()
    expect(cell(43).querySelector('.cell-stack')!.getAttribute('title')).toBe('Checked in 11:10 AM, completed 11:52 AM')
  })

  it('fetches the day again about once a minute while a customer is in house, and not otherwise', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const live = fakeServer((method, url) => (method === 'GET' && url === DAY_URL ? json(DAY) : undefined))
      render()
      await settle()
      expect(live.calls).toHaveLength(1)
      await act(() => vi.advanceTimersByTimeAsync(60_000))
      await settle()
      expect(live.calls).toHaveLength(2)
      vi.restoreAllMocks()

      view.render(<></>)
      const quiet = fakeServer((method, url) => (method === 'GET' && url === DAY_URL ? json([DAY[0], DAY[2]]) : undefined))
      render()
      await settle()
      await act(() => vi.advanceTimersByTimeAsync(3 * 60_000))
      await settle()
      expect(quiet.calls).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('offers only the allowed next statuses of each row, and nothing for a final one', async () => {
    fakeServer((_method, url) => (url === DAY_URL ? json(DAY) : undefined))
    const onMove = vi.fn()
    render(onMove)
    await settle()
    const offered = (id: number) => Array.from(statusSelect(id)?.options ?? [], (o) => o.value).filter(Boolean)
    expect(offered(41)).toEqual(['CONFIRMED', 'CHECKED_IN', 'NO_SHOW', 'CANCELLED'])
    expect(statusSelect(41)!.getAttribute('aria-label')).toBe('Change status of Dana Reyes at 9:30 AM')
    expect(offered(42)).toEqual(['IN_SERVICE', 'COMPLETED', 'CANCELLED'])
    expect(statusSelect(43)).toBeNull()

    // Only appointments still to come are moved.
    expect(row(41).querySelector('button')?.textContent).toBe('Move')
    expect(row(42).querySelector('button')).toBeNull()
    click(row(41).querySelector('button')!)
    expect(onMove).toHaveBeenCalledWith(DAY[0])
  })

  it("confirms an appointment at once and shows 'Successfully Updated'; the day is fetched again", async () => {
    const { calls } = fakeServer((method, url) => {
      if (url === DAY_URL) return json(DAY)
      if (method === 'PUT' && url === '/api/appointment/41/status/CONFIRMED')
        return json({ message: 'Successfully Updated', appointment: { ...DAY[0], apptStatus: 'CONFIRMED', status: 'CONFIRMED', movesTo: ['CHECKED_IN', 'NO_SHOW', 'CANCELLED'] } })
      return undefined
    })
    render()
    await settle()
    choose(statusSelect(41)!, 'CONFIRMED')
    await settle()
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/appointment/41/status/CONFIRMED'])
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Successfully Updated' })
    expect(calls.filter((c) => c.url === DAY_URL)).toHaveLength(2)
    expect(confirmDialog().open).toBe(false)
  })

  it('asks before cancelling: No keeps it, Yes cancels it', async () => {
    const { calls } = fakeServer((method, url) => {
      if (url === DAY_URL) return json(DAY)
      if (method === 'PUT') return json({ message: 'Successfully Updated', appointment: { ...DAY[0], apptStatus: 'CANCELLED', status: 'CANCELLED', movesTo: [] } })
      return undefined
    })
    render()
    await settle()
    choose(statusSelect(41)!, 'CANCELLED')
    expect(confirmDialog().open).toBe(true)
    expect(confirmDialog().textContent).toContain('Are you sure want to cancel this appointment?')
    click(dialogButton('No'))
    expect(confirmDialog().open).toBe(false)
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)

    choose(statusSelect(41)!, 'CANCELLED')
    click(dialogButton('Yes'))
    await settle()
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/appointment/41/status/CANCELLED'])
    expect(confirmDialog().open).toBe(false)
  })

  it("shows the server's refusal of a move as a warning", async () => {
    const refusal = 'A CHECKED_IN appointment cannot become NO_SHOW; it can become IN_SERVICE, COMPLETED, CANCELLED'
    fakeServer((method, url) => {
      if (url === DAY_URL) return json(DAY)
      if (method === 'PUT') return json({ message: 'Bad request', errors: [refusal] }, 400)
      return undefined
    })
    render()
    await settle()
    choose(statusSelect(42)!, 'COMPLETED')
    await settle()
    expect(getNotices().at(-1)).toMatchObject({ type: 'warning', message: refusal })
  })
})
