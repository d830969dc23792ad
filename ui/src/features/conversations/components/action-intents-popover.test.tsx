import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { pressKey, setupTestRoot } from '../../../test/render'
import type { ActionIntentChoices } from '../api/get-action-intents'
import { ActionIntentsPopover, NO_INTENT_TEXT } from './action-intents-popover'

const view = setupTestRoot()

const APPT_SET = { intentName: 'APPT_SET', meaning: 'wants or accepts an appointment', effects: ['Starts the Date Time Dialogue'] }
const VI = { intentName: 'VI', meaning: 'a vehicle issue', effects: ['Response required'] }
const CQ = { intentName: 'CQ', meaning: 'just curious', effects: ['Response insight JUST_CURIOUS', 'Response required'] }
const MISC = { intentName: 'MISC', meaning: 'anything else', effects: [] }

/** Lead 3's message 21: the assistant found APPT_SET and VI in it. */
const choices: ActionIntentChoices = {
  messageId: 21,
  actionIntentsEnabled: true,
  actionIntents: [APPT_SET, VI],
  defaultActionIntents: [APPT_SET, CQ, MISC, VI],
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render({ isDefault = false, onDone = vi.fn(), onClose = vi.fn() } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const anchor = document.createElement('button')
  view.container.append(anchor)
  view.render(
    <QueryClientProvider client={client}>
      <ActionIntentsPopover anchor={anchor} leadId={3} messageId={21} isDefault={isDefault} onDone={onDone} onClose={onClose} />
    </QueryClientProvider>,
  )
  return { client, onDone, onClose }
}

const popover = () => document.querySelector<HTMLElement>('.popover--intents')!
const list = () => popover().querySelector<HTMLElement>('[role="radiogroup"]')!
const radios = () => Array.from(popover().querySelectorAll<HTMLInputElement>('input[type="radio"]'))
const button = (name: string) => Array.from(popover().querySelectorAll('button')).find((b) => b.textContent === name)!
const alert = () => popover().querySelector('[role="alert"]')
const choiceRows = () =>
  Array.from(popover().querySelectorAll('[data-testid="action-intent-choice"]'), (row) => [
    row.querySelector('strong')?.textContent,
    row.querySelector('.action-intents__meaning')?.textContent,
    row.querySelector('.action-intents__effects')?.textContent ?? null,
  ])

/** The `[url, method, body]` of each fetch call. */
function calls(fetch: { mock: { calls: unknown[][] } }) {
  return fetch.mock.calls.map(([url, init]) => {
    const request = (init ?? {}) as RequestInit
    return [url, request.method ?? 'GET', request.body ? JSON.parse(request.body as string) : null]
  })
}

const CHOICES_URL = '/api/future-service-interaction/action-intents?future-service-interaction-id=3&messageId=21'

describe('ActionIntentsPopover', () => {
  it('lists the intents found in the message, each with its meaning and effects, after a placeholder', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(choices))
    render()
    expect(popover().getAttribute('aria-label')).toBe('Action Intents')
    expect(popover().querySelector('.popover__title')?.textContent).toBe('Action Intents')
    expect(list().getAttribute('aria-busy')).toBe('true')
    expect(list().querySelectorAll('.skeleton-bar').length).toBeGreaterThan(0)
    await settle()

    expect(calls(fetch)).toEqual([[CHOICES_URL, 'GET', null]])
    expect(list().getAttribute('aria-busy')).toBeNull()
    expect(list().getAttribute('aria-label')).toBe('Action Intents')
    expect(choiceRows()).toEqual([
      ['APPT_SET', 'wants or accepts an appointment', 'Starts the Date Time Dialogue'],
      ['VI', 'a vehicle issue', 'Response required'],
    ])
    // One group: arrow keys move between them.
    expect(new Set(radios().map((r) => r.name)).size).toBe(1)
  })

  it("says so when the assistant found nothing to act on", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ ...choices, actionIntents: [] }))
    render()
    await settle()
    expect(radios()).toHaveLength(0)
    expect(list().textContent).toBe('No records available.')
  })

  it('Default Action Intents lists every label', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(choices))
    render({ isDefault: true })
    await settle()
    expect(popover().querySelector('.popover__title')?.textContent).toBe('Default Action Intents')
    expect(radios().map((r) => r.value)).toEqual(['APPT_SET', 'CQ', 'MISC', 'VI'])
    // No effects, no effects line.
    expect(choiceRows()[2]).toEqual(['MISC', 'anything else', null])
  })

  it('asks for a choice before saving, and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(choices))
    const { onDone } = render()
    await settle()
    act(() => button('Save').click())
    expect(alert()?.textContent).toBe(NO_INTENT_TEXT)
    expect(list().getAttribute('aria-invalid')).toBe('true')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(onDone).not.toHaveBeenCalled()

    // Choosing clears the message.
    act(() => radios()[0]!.click())
    expect(alert()).toBeNull()
  })

  it('saves the chosen intent, toasts the server message and refetches the conversation and the lead', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(choices))
      .mockResolvedValueOnce(json({ message: 'Successfully Updated', intentName: 'VI', effects: [], messageInstances: [] }))
    const { client, onDone } = render()
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    await settle()
    act(() => radios()[1]!.click())
    act(() => button('Save').click())
    await settle()

    expect(calls(fetch)[1]).toEqual([
      '/api/future-service-interaction/action-intent',
      'POST',
      { futureServiceInteractionId: 3, messageId: 21, intentName: 'VI', isDefault: false },
    ])
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversations', 'history', 3] })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversations', 'lead', 3] })
  })

  it('saves a default intent with Enter on its radio button', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(choices))
      .mockResolvedValueOnce(json({ message: 'Successfully Updated', intentName: 'CQ', effects: [], messageInstances: [] }))
    const { onDone } = render({ isDefault: true })
    await settle()
    const cq = radios()[1]!
    act(() => cq.click())
    pressKey(cq, 'Enter')
    await settle()

    expect(calls(fetch)[1]).toEqual([
      '/api/future-service-interaction/action-intent',
      'POST',
      { futureServiceInteractionId: 3, messageId: 21, intentName: 'CQ', isDefault: true },
    ])
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it('keeps the popover open when saving fails', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(choices))
      .mockResolvedValueOnce(json({ message: 'The assistant is switched off for this lead', errors: [] }, 400))
    const { onDone } = render()
    await settle()
    act(() => radios()[0]!.click())
    act(() => button('Save').click())
    await settle()
    expect(onDone).not.toHaveBeenCalled()
    expect(getNotices().at(-1)).toMatchObject({ type: 'danger', message: 'The assistant is switched off for this lead' })
    expect(button('Save').disabled).toBe(false)
  })

  it("shows the server's message when the choices cannot be loaded", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Not a customer message', errors: ['Not a customer message'] }, 400))
    render()
    await settle()
    expect(alert()?.textContent).toBe('Not a customer message')
  })

  it('focuses the first choice once loaded, and closes with Cancel and with Escape', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(choices))
    const { onDone, onClose } = render()
    await settle()
    expect(document.activeElement).toBe(radios()[0])

    act(() => button('Cancel').click())
    expect(onDone).toHaveBeenCalledTimes(1)
    pressKey(radios()[0]!, 'Escape')
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
