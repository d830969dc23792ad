import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { pressKey, setupTestRoot } from '../../../test/render'
import { conversationKeys } from '../api/conversation-keys'
import { AppointmentSearchDialog } from './appointment-search-dialog'

const view = setupTestRoot()
const LEAD = 3
const TEXT = 'Tuesday at 10am'
/** Stable, as the selection menu's anchor is. */
const ANCHOR = { x: 120, y: 80 }

const FREE_TIMES = {
  requested: '2026-12-01T10:00',
  times: [
    { startsAt: '2026-12-01T15:15:00Z', date: '2026-12-01', time: '10:15 AM', label: 'Tuesday, December 1 at 10:15 AM' },
    { startsAt: '2026-12-01T15:30:00Z', date: '2026-12-01', time: '10:30 AM', label: 'Tuesday, December 1 at 10:30 AM' },
    { startsAt: '2026-12-01T16:00:00Z', date: '2026-12-01', time: '11:00 AM', label: 'Tuesday, December 1 at 11:00 AM' },
    { startsAt: '2026-12-01T16:15:00Z', date: '2026-12-01', time: '11:15 AM', label: 'Tuesday, December 1 at 11:15 AM' },
  ],
}
const STANDING = {
  id: 77,
  apptId: 77,
  storeId: 12,
  futureServiceInteractionId: LEAD,
  title: 'Oil change',
  apptStatus: 'SCHEDULED',
  apptDateTime: '2026-11-23T15:30:00Z',
  source: 'BAYLINE',
  type: 'Appt',
}
const NO_MATCHES = { content: [], page: 0, size: 50, totalElements: 0 }
const CONFIRMATION = "You're all set: booked for Tuesday, December 1 at 10:00 AM."
const OFFER = 'Unfortunately 10:00 AM on Tuesday is not available. We can see you 10:15 AM, 10:30 AM or 11:00 AM.'

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

interface Sent {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}

/**
 * A fake API: the availability, the lead's standing appointments (`booked`, read at each call),
 * the store search, and `answers` for the calls that change things (by path).
 */
function mockApi(answers: Record<string, () => Response> = {}, booked: { list: unknown[] } = { list: [STANDING] }) {
  const sent: Sent[] = []
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://bayline.test')
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    sent.push({ method: init?.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body })
    const answer = answers[url.pathname]
    if (answer) return Promise.resolve(answer())
    switch (url.pathname) {
      case '/api/nlp/availability-without-template':
        return Promise.resolve(json(FREE_TIMES))
      case '/api/booked-appts':
        return Promise.resolve(json(booked.list))
      case '/api/service-appointment/search-by-appt-date-and-query':
        return Promise.resolve(json(NO_MATCHES))
      default:
        return Promise.resolve(json({ message: `unexpected ${url.pathname}` }, 500))
    }
  })
  return { fetch, sent, calls: (path: string) => sent.filter((s) => s.path === path) }
}

/** The panel for lead 3 in store 12 (New York time); the conversation and lead are cached, to see them refreshed. */
function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  client.setQueryData(conversationKeys.history(LEAD), [])
  client.setQueryData(conversationKeys.lead(LEAD), { id: LEAD, appointmentSet: false })
  const onClose = vi.fn()
  view.render(
    <QueryClientProvider client={client}>
      <AppointmentSearchDialog
        anchor={ANCHOR}
        leadId={LEAD}
        text={TEXT}
        storeId={12}
        timeZone="America/New_York"
        returnFocus={null}
        onClose={onClose}
      />
    </QueryClientProvider>,
  )
  return { client, onClose }
}

async function settle() {
  for (let i = 0; i < 4; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

const panel = () => document.querySelector<HTMLElement>('[role="dialog"][aria-label="Appointment Search"]')
const button = (name: string, within: ParentNode | null = panel()) =>
  Array.from(within?.querySelectorAll<HTMLButtonElement>('button') ?? []).find((b) => b.textContent === name)
const freeTimes = () => Array.from(panel()?.querySelectorAll('[data-testid="free-time"]') ?? []).map((li) => li.textContent)
const standing = () => Array.from(panel()?.querySelectorAll<HTMLElement>('[data-testid="booked-appointment"]') ?? [])
const confirmDialog = () => document.querySelector<HTMLDialogElement>('dialog.confirm-dialog')
const lastNotice = () => getNotices().at(-1)
const isInvalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true

describe('AppointmentSearchDialog', () => {
  it('shows the day and time understood, three free times and the standing appointments; looking texts nobody', async () => {
    const api = mockApi()
    render()
    // Close takes focus first, so that Enter cannot book (and text the customer) by accident.
    expect(document.activeElement).toBe(button('Close'))
    await settle()

    expect(api.calls('/api/nlp/availability-without-template')).toEqual([
      { method: 'POST', path: '/api/nlp/availability-without-template', query: { 'future-service-interaction-id': '3' }, body: { text: TEXT } },
    ])
    expect(api.calls('/api/booked-appts')).toEqual([
      { method: 'GET', path: '/api/booked-appts', query: { 'future-service-interaction-id': '3' }, body: undefined },
    ])
    expect(api.calls('/api/nlp/booking')).toEqual([])

    expect(panel()?.querySelector('[data-testid="requested-time"]')?.textContent).toBe('Understood: Tuesday, December 1 at 10:00 AM')
    expect(freeTimes()).toEqual([
      'Tuesday, December 1 at 10:15 AM',
      'Tuesday, December 1 at 10:30 AM',
      'Tuesday, December 1 at 11:00 AM',
    ])
    expect(standing()).toHaveLength(1)
    expect(standing()[0]!.textContent).toBe('23/11/2026 10:30 AMOil changeSCHEDULEDCancel')
  })

  it('says when the text names no day or time', async () => {
    mockApi({ '/api/nlp/availability-without-template': () => json({ times: FREE_TIMES.times.slice(0, 1) }) })
    render()
    await settle()
    expect(panel()?.querySelector('[data-testid="requested-time"]')?.textContent).toBe(
      'No day or time understood: the first free times from now.',
    )
    expect(freeTimes()).toEqual(['Tuesday, December 1 at 10:15 AM'])
  })

  it("Book books what the text names: booked, it says so and refreshes the conversation, the lead and its appointments", async () => {
    const api = mockApi({
      '/api/nlp/booking': () => json({ message: 'Appointment booked Successfully', code: 'SUCCESS', text: CONFIRMATION, appointmentId: 78 }),
    })
    const { client } = render()
    await settle()

    act(() => button('Book')!.click())
    await settle()

    expect(api.calls('/api/nlp/booking')).toEqual([
      { method: 'POST', path: '/api/nlp/booking', query: { 'future-service-interaction-id': '3' }, body: { text: TEXT } },
    ])
    expect(lastNotice()).toMatchObject({ type: 'success', title: 'Appointment booked Successfully', message: CONFIRMATION })
    expect(isInvalidated(client, conversationKeys.history(LEAD))).toBe(true)
    expect(isInvalidated(client, conversationKeys.lead(LEAD))).toBe(true)
    // The panel's own lists are fetched again.
    expect(api.calls('/api/booked-appts')).toHaveLength(2)
    expect(api.calls('/api/nlp/availability-without-template')).toHaveLength(2)
  })

  it("a taken time is not booked: a warning with the offer the customer was texted", async () => {
    mockApi({ '/api/nlp/booking': () => json({ message: 'Appointment not booked', code: 'FAILURE', text: OFFER }) })
    render()
    await settle()
    act(() => button('Book')!.click())
    await settle()
    expect(lastNotice()).toMatchObject({ type: 'warning', title: 'Appointment not booked', message: OFFER })
  })

  it('a refused booking goes through the normal error handler', async () => {
    mockApi({ '/api/nlp/booking': () => json({ message: 'Lead not found', errors: ['Lead not found'] }, 404) })
    render()
    await settle()
    act(() => button('Book')!.click())
    await settle()
    expect(lastNotice()).toMatchObject({ type: 'danger', message: 'Lead not found' })
    expect(button('Book')!.disabled).toBe(false)
  })

  it("Cancel asks first, then cancels that appointment, shows the server's message and lists what still stands", async () => {
    const booked = { list: [STANDING] as unknown[] }
    const api = mockApi(
      {
        '/api/cancellations': () => {
          booked.list = []
          return json({ message: 'Successfully Deleted Appoinntment', appointment: { ...STANDING, apptStatus: 'CANCELLED' } })
        },
      },
      booked,
    )
    const { client, onClose } = render()
    await settle()

    // No: nothing is cancelled.
    act(() => button('Cancel', standing()[0]!)!.click())
    expect(confirmDialog()?.querySelector('p')?.textContent).toBe('Are you sure you want to cancel the appointment on 23/11/2026 10:30 AM?')
    act(() => button('No', confirmDialog())!.click())
    expect(confirmDialog()).toBeNull()
    expect(api.calls('/api/cancellations')).toEqual([])

    // Escape in the question leaves the panel open.
    act(() => button('Cancel', standing()[0]!)!.click())
    pressKey(confirmDialog()!, 'Escape')
    expect(onClose).not.toHaveBeenCalled()

    act(() => button('Yes', confirmDialog())!.click())
    await settle()
    expect(api.calls('/api/cancellations')).toEqual([
      { method: 'POST', path: '/api/cancellations', query: { fid: '3' }, body: { appointmentId: 77 } },
    ])
    expect(lastNotice()).toMatchObject({ type: 'success', message: 'Successfully Deleted Appoinntment' })
    expect(confirmDialog()).toBeNull()
    expect(isInvalidated(client, conversationKeys.lead(LEAD))).toBe(true)
    expect(standing()).toHaveLength(0)
    expect(panel()?.textContent).toContain('No records available.')
  })
})
