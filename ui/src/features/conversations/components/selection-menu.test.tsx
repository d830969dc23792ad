import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { messageFixture } from '../../../test/message-fixture'
import { pressKey, setupTestRoot } from '../../../test/render'
import { MessageCard } from './message-card'
import { SELECT_TEXT_FIRST } from './selected-text'

const view = setupTestRoot()
const CONTENT = 'Odometer says 45,300 miles, ask Dana Whitfield about Tuesday'

/** A message card of lead 3 in store 12 (New York time), in a fresh query client. */
function render({ privileged = false }: { privileged?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <ol>
        <MessageCard
          leadId={3}
          message={messageFixture({ id: 21, content: CONTENT })}
          storeId={12}
          timeZone="America/New_York"
          now={Date.parse('2026-11-22T19:00:00Z')}
          privileged={privileged}
          enterpriseStyle={false}
          onArchive={() => undefined}
        />
      </ol>
    </QueryClientProvider>,
  )
  return view.container.querySelector<HTMLElement>('.chat-msg__body')!
}

/** Selects `text` inside the message body, as dragging over it does. */
function select(body: HTMLElement, text: string) {
  const node = body.firstChild!
  const start = node.textContent!.indexOf(text)
  const range = document.createRange()
  range.setStart(node, start)
  range.setEnd(node, start + text.length)
  const selection = window.getSelection()!
  selection.removeAllRanges()
  selection.addRange(range)
}

function rightClick(target: HTMLElement): MouseEvent {
  const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 120, clientY: 80 })
  act(() => {
    target.dispatchEvent(event)
  })
  return event
}

const menu = () => document.querySelector<HTMLElement>('[role="menu"][aria-label="Selected text"]')
const menuItems = () => Array.from(menu()?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])
const item = (name: string) => menuItems().find((b) => b.textContent === name)!
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-label="Appointment Search"]')

/** Lets the fetch answer and React settle. */
async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

type Answer = () => Promise<Response>

/** Answers the Appointment Search calls (nothing free, nothing booked, no matches) unless `answers` says otherwise, by path. */
function routeFetch(answers: Record<string, Answer> = {}) {
  const defaults: Record<string, Answer> = {
    '/api/nlp/availability-without-template': () => Promise.resolve(json({ times: [] })),
    '/api/booked-appts': () => Promise.resolve(json([])),
    '/api/service-appointment/search-by-appt-date-and-query': () =>
      Promise.resolve(json({ content: [], page: 0, size: 50, totalElements: 0 })),
  }
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const path = new URL(String(input), 'http://bayline.test').pathname
    const answer = answers[path] ?? defaults[path]
    return answer ? answer() : Promise.resolve(json({ message: `unexpected ${path}` }, 500))
  })
}

/** The method and JSON body of the call to `url` (path and query), if one was made. */
function sentTo(fetch: { mock: { calls: unknown[][] } }, url: string): { method?: string; body: unknown } | undefined {
  const call = fetch.mock.calls.find(([u]) => u === url) as [string, RequestInit] | undefined
  if (!call) return undefined
  const [, init] = call
  return { method: init.method, body: typeof init.body === 'string' ? JSON.parse(init.body) : null }
}

function sentJson(fetch: { mock: { calls: unknown[][] } }, call = 0): { url: string; method?: string; body: unknown } {
  const [url, init] = fetch.mock.calls[call] as [string, RequestInit]
  return { url, method: init.method, body: JSON.parse(init.body as string) }
}

describe('selection menu', () => {
  it('offers Copy, both VMR updates and Appointment Search on selected text, keyboard first', () => {
    const body = render()
    // Without a selection the browser's own menu shows.
    window.getSelection()!.removeAllRanges()
    expect(rightClick(body).defaultPrevented).toBe(false)
    expect(menu()).toBeNull()

    select(body, '45,300')
    expect(rightClick(body).defaultPrevented).toBe(true)
    const items = menuItems()
    expect(items.map((b) => b.textContent)).toEqual(['Copy', 'VMR Update (minder)', 'VMR Update (mileage)', 'Appointment Search'])
    expect(items.every((b) => b.tagName === 'BUTTON' && b.type === 'button')).toBe(true)
    expect(document.activeElement).toBe(items[0])
    pressKey(items[0]!, 'ArrowDown')
    expect(document.activeElement).toBe(items[1])

    pressKey(items[1]!, 'Escape')
    expect(menu()).toBeNull()
    expect(document.activeElement).toBe(body)
  })

  it('VMR Update (mileage) sends the selected text as last_mileage and shows the success', async () => {
    let answer: (response: Response) => void = () => undefined
    const fetch = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)))
    const body = render()
    select(body, '45,300')
    rightClick(body)
    act(() => item('VMR Update (mileage)').click())
    await settle()
    // The menu waits for the answer, its updates disabled.
    expect(item('VMR Update (mileage)').disabled).toBe(true)
    expect(item('VMR Update (minder)').disabled).toBe(true)
    answer(json({ vehicleId: 4, lastMileage: 45300, message: 'Successfully Updated' }))
    await settle()
    expect(menu()).toBeNull()
    expect(document.activeElement).toBe(body)

    expect(sentJson(fetch)).toEqual({
      url: '/api/future-service-interaction/vehicle-mileage',
      method: 'PUT',
      body: { future_service_interaction_id: 3, last_mileage: '45,300' },
    })
    const notice = getNotices().at(-1)
    expect(notice?.type).toBe('success')
    expect(notice?.message).toBe('Successfully Updated')
  })

  it('VMR Update (minder) sends the selected text as minder', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ vehicleId: 4, minder: 'B12', message: 'Successfully Updated' }))
    const body = render()
    select(body, 'Tuesday')
    rightClick(body)
    act(() => item('VMR Update (minder)').click())
    await settle()
    expect(sentJson(fetch).body).toEqual({ future_service_interaction_id: 3, minder: 'Tuesday' })
  })

  it("shows the server's message when the text is refused", async () => {
    const refusal = '"Tuesday" is not a mileage (for example 45,300 or 45k)'
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: refusal, errors: [refusal] }, 400))
    const body = render()
    select(body, 'Tuesday')
    rightClick(body)
    act(() => item('VMR Update (mileage)').click())
    await settle()

    const notice = getNotices().at(-1)
    expect(notice?.type).toBe('danger')
    expect(notice?.message).toBe(refusal)
    expect(getNotices().some((n) => n.message === 'Successfully Updated' && n.id > notice!.id)).toBe(false)
  })

  it('Appointment Search opens the panel for the lead on the selected text, with the store\'s matching appointments', async () => {
    let answer: (response: Response) => void = () => undefined
    const search = new Promise<Response>((resolve) => (answer = resolve))
    const fetch = routeFetch({ '/api/service-appointment/search-by-appt-date-and-query': () => search })
    const body = render()
    select(body, 'Dana Whitfield')
    rightClick(body)
    act(() => item('Appointment Search').click())
    expect(menu()).toBeNull()

    const box = dialog()!
    expect(box.querySelector('.popover__title')?.textContent).toBe('Appointment Search')
    expect(box.querySelector('.appointment-search__query')?.textContent).toBe('Selected Dana Whitfield')
    const results = box.querySelector<HTMLElement>('[data-testid="appointment-search-results"]')!
    // Searching: placeholders inside the results' own box.
    expect(results.getAttribute('aria-busy')).toBe('true')
    expect(results.querySelectorAll('.appointment-search__skeleton')).toHaveLength(3)
    expect(sentTo(fetch, '/api/service-appointment/search-by-appt-date-and-query')).toEqual({
      method: 'POST',
      body: { query: 'Dana Whitfield', storeIds: [12], page: 0, size: 50 },
    })
    // The lead's free times near what the text names, and its standing appointments.
    expect(sentTo(fetch, '/api/nlp/availability-without-template?future-service-interaction-id=3')).toEqual({
      method: 'POST',
      body: { text: 'Dana Whitfield' },
    })
    expect(sentTo(fetch, '/api/booked-appts?future-service-interaction-id=3')).toEqual({ method: 'GET', body: null })

    answer(
      json({
        content: [
          {
            id: 77,
            storeId: 12,
            customerId: 5,
            vehicleId: 4,
            futureServiceInteractionId: 3,
            title: 'Oil change',
            apptStatus: 'CONFIRMED',
            apptDateTime: '2026-11-23T15:30:00Z',
            transportType: 'Loaner',
            customerName: 'Dana Whitfield',
            cellular: '+15551234567',
            vehicle: '2021 Honda Accord',
            vin: '1HGCV1F30MA000001',
          },
        ],
        page: 0,
        size: 50,
        totalElements: 1,
      }),
    )
    await settle()

    expect(results.getAttribute('aria-busy')).toBeNull()
    const rows = Array.from(results.querySelectorAll('[data-testid="appointment-row"]'))
    expect(rows).toHaveLength(1)
    const cells = Array.from(rows[0]!.querySelectorAll('td')).map((td) => td.textContent)
    expect(cells).toEqual([
      '23/11/2026 10:30 AM', // the store's (New York) time
      'Dana Whitfield',
      '(555)-123-4567',
      '2021 Honda Accord 1HGCV1F30MA000001',
      'CONFIRMED',
      'Loaner',
    ])

    // Escape closes it and gives focus back to the message.
    pressKey(document.activeElement!, 'Escape')
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(body)
  })

  it("says 'No records available.' when nothing matches", async () => {
    routeFetch()
    const body = render()
    select(body, 'Tuesday')
    rightClick(body)
    act(() => item('Appointment Search').click())
    await settle()
    expect(dialog()?.querySelector('[data-testid="appointment-search-results"] tbody')?.textContent).toBe('No records available.')
  })

  it("shows the server's message in the dialog when the search fails", async () => {
    routeFetch({
      '/api/service-appointment/search-by-appt-date-and-query': () =>
        Promise.resolve(json({ message: 'Store not found', errors: ['Store not found'] }, 404)),
    })
    const body = render()
    select(body, 'Tuesday')
    rightClick(body)
    act(() => item('Appointment Search').click())
    await settle()
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe('Store not found')
  })

  it('the options menu offers Appointment Search on the selected text, and without one says text is needed', async () => {
    const fetch = routeFetch()
    const body = render({ privileged: true })
    const options = view.container.querySelector<HTMLButtonElement>('[data-testid="message-options"]')!
    const searchItem = () =>
      Array.from(document.querySelectorAll<HTMLButtonElement>('[role="menu"][aria-label="Options"] [role="menuitem"]')).find(
        (b) => b.textContent === 'Appointment Search',
      )!

    // Nothing selected (B-R12): a warning, no panel, no call.
    window.getSelection()!.removeAllRanges()
    act(() => options.click())
    act(() => searchItem().click())
    expect(dialog()).toBeNull()
    expect(getNotices().at(-1)).toMatchObject({ type: 'warning', message: SELECT_TEXT_FIRST })
    expect(fetch).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(options)

    // Selected, even if pressing the button clears the selection: the panel opens on it.
    select(body, 'Tuesday')
    act(() => {
      options.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    })
    window.getSelection()!.removeAllRanges()
    act(() => options.click())
    act(() => searchItem().click())
    await settle()
    expect(dialog()?.querySelector('.appointment-search__query')?.textContent).toBe('Selected Tuesday')
    expect(sentTo(fetch, '/api/nlp/availability-without-template?future-service-interaction-id=3')?.body).toEqual({ text: 'Tuesday' })

    // Escape gives focus back to the options button.
    pressKey(document.activeElement!, 'Escape')
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(options)
  })
})
