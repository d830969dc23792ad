import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import type { IntentDetails } from '../api/get-intent-details'
import { IntentDetailsDialog, NOT_UNDERSTOOD_TEXT } from './intent-details-dialog'

const view = setupTestRoot()

/** What the server answers once the assistant has read lead 3's message 21. */
const understood: IntentDetails = {
  messageId: 21,
  futureServiceInteractionId: 3,
  understood: true,
  intents: [
    { intentName: 'APPT_SET', confidence: 0.92, isFinal: true, symLogs: { inputStrListBeforePreprocessor: ['come in', 'tomorrow at 9'] } },
    { intentName: 'VI', confidence: 0.8, isFinal: true, symLogs: { inputStrListBeforePreprocessor: ['tire light'] } },
    { intentName: 'REQ_LOANER', confidence: 0.875, isFinal: true, symLogs: { inputStrListBeforePreprocessor: ['loaner'] } },
    { intentName: 'ACK', confidence: 0.3, isFinal: false, symLogs: { inputStrListBeforePreprocessor: [] } },
  ],
  finalIntentNames: ['APPT_SET', 'VI', 'REQ_LOANER'],
  multiIntentNames: ['APPT_SET', 'VI', 'REQ_LOANER'],
  requestedTime: { start: '2026-11-23T09:00:00', grain: 'hour' },
  responseInsight: 'Wants a loaner',
  carrierKeyword: 'loaner',
  understoodAt: '2026-11-22T15:04:01Z',
}

/** Not read yet: empty lists, nothing else. */
const unread: IntentDetails = {
  messageId: 21,
  futureServiceInteractionId: 3,
  understood: false,
  intents: [],
  finalIntentNames: [],
  multiIntentNames: [],
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** Lets the fetch answer and React settle. */
async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render(onClose: () => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <IntentDetailsDialog leadId={3} messageId={21} onClose={onClose} />
    </QueryClientProvider>,
  )
}

/** The dialog, by its accessible name (the title it is labelled by). */
function dialog(): HTMLDialogElement {
  const found = Array.from(document.querySelectorAll<HTMLDialogElement>('dialog')).find(
    (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === 'Show Intent',
  )
  if (!found) throw new Error('no dialog titled Show Intent')
  return found
}

const button = (name: string) => Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent === name)
const texts = (elements: Iterable<Element>) => Array.from(elements, (e) => e.textContent)

describe('IntentDetailsDialog', () => {
  it('shows what the assistant understood of the message', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(understood))
    render()
    expect(dialog().open).toBe(true)
    expect(dialog().querySelector('.form-dialog__body')?.getAttribute('aria-busy')).toBe('true')
    await settle()

    const [url] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/future-service-interaction/intentDetails?future-service-interaction-id=3&messageId=21')
    const box = dialog()
    expect(box.querySelector('.form-dialog__body')?.getAttribute('aria-busy')).toBeNull()
    expect(texts(box.querySelectorAll('[aria-label="Final intents"] li'))).toEqual(['APPT_SET', 'VI', 'REQ_LOANER'])
    expect(texts(box.querySelectorAll('[aria-label="Multi-intent"] li'))).toEqual(['APPT_SET', 'VI', 'REQ_LOANER'])

    const table = box.querySelector('table[aria-label="Intents"]')!
    expect(texts(table.querySelectorAll('thead th[scope="col"]'))).toEqual(['Intent', 'Confidence', 'Final', 'Evidence'])
    const rows = Array.from(table.querySelectorAll('tbody tr')).map((row) => texts(row.querySelectorAll('th, td')))
    expect(rows).toEqual([
      ['APPT_SET', '92%', 'Yes', 'come in, tomorrow at 9'],
      ['VI', '80%', 'Yes', 'tire light'],
      ['REQ_LOANER', '88%', 'Yes', 'loaner'],
      ['ACK', '30%', 'No', '—'],
    ])

    const facts = Object.fromEntries(
      Array.from(box.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    )
    expect(facts['Requested time']).toBe('2026-11-23T09:00:00 (hour)')
    expect(facts['Response insight']).toBe('Wants a loaner')
    expect(facts['Carrier keyword']).toBe('loaner')
    expect(box.textContent).not.toContain(NOT_UNDERSTOOD_TEXT)
    expect(button('Refresh')).toBeUndefined()
  })

  it('shows the end of a requested time range, and says when none was asked for', async () => {
    const range = { start: '2026-11-23T13:00:00', grain: 'hour', end: '2026-11-23T17:00:00' }
    const bare = { ...understood, multiIntentNames: [], requestedTime: null, responseInsight: null, carrierKeyword: null }
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ ...understood, requestedTime: range }))
      .mockResolvedValueOnce(json(bare))
    render()
    await settle()
    expect(dialog().querySelector('[data-testid="requested-time"]')?.textContent).toBe(
      '2026-11-23T13:00:00 (hour) until 2026-11-23T17:00:00',
    )

    view.render(<></>)
    render()
    await settle()
    const terms = texts(dialog().querySelectorAll('dt'))
    expect(terms).toEqual(['Final intents', 'Requested time'])
    expect(dialog().querySelector('dd:last-of-type')?.textContent).toBe('No appointment time requested')
  })

  it('says the message has not been read yet, and Refresh asks again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json(unread)).mockResolvedValueOnce(json(understood))
    render()
    await settle()

    const box = dialog()
    expect(box.querySelector('[role="status"]')?.textContent).toBe(NOT_UNDERSTOOD_TEXT)
    expect(box.querySelector('table')).toBeNull()
    act(() => button('Refresh')!.click())
    await settle()

    expect(fetch).toHaveBeenCalledTimes(2)
    expect(box.textContent).not.toContain(NOT_UNDERSTOOD_TEXT)
    expect(texts(box.querySelectorAll('[aria-label="Final intents"] li'))).toEqual(['APPT_SET', 'VI', 'REQ_LOANER'])
    expect(button('Refresh')).toBeUndefined()
  })

  it("shows the server's message when the call fails, and offers Refresh", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Not a customer message', errors: ['Not a customer message'] }, 400))
    render()
    await settle()
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('Not a customer message')
    expect(button('Refresh')).toBeDefined()
  })

  it('closes with Close and with Escape', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(understood))
    const onClose = vi.fn()
    render(onClose)
    await settle()
    act(() => button('Close')!.click())
    expect(onClose).toHaveBeenCalledTimes(1)
    act(() => {
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }))
    })
    expect(onClose).toHaveBeenCalledTimes(2)
  })
})
