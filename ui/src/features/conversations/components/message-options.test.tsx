import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { MessageView } from '../../../lib/message-events'
import { getNotices } from '../../../lib/notices'
import { messageFixture } from '../../../test/message-fixture'
import { setupTestRoot } from '../../../test/render'
import type { LeadSwitches } from './conversation-model'
import { DT_OFF_LABEL, DT_ON_LABEL, MessageOptions } from './message-options'

const view = setupTestRoot()

const customerMessage = messageFixture({
  id: 21,
  direction: 'RECEIVED',
  notificationType: 'MESSAGE_FROM_CUSTOMER',
  messageStatus: 'received',
  content: 'Can I come in tomorrow at 9?',
})

interface RenderOptions {
  lead?: LeadSwitches
  noDt?: boolean
}

function renderWithClient(message: MessageView, { lead, noDt }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <MessageOptions leadId={3} message={message} lead={lead} noDt={noDt} onArchive={() => undefined} />
    </QueryClientProvider>,
  )
  return { client, button: view.container.querySelector<HTMLButtonElement>('[data-testid="message-options"]')! }
}

function render(message: MessageView, options?: RenderOptions) {
  return renderWithClient(message, options).button
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** The `[url, body]` of each fetch call. */
function calls(fetch: { mock: { calls: unknown[][] } }) {
  return fetch.mock.calls.map(([url, init]) => [url, JSON.parse(((init as RequestInit).body as string | undefined) ?? 'null')])
}

/** Clicks outside `act()`'s render, once the element is there. */
function click(element: HTMLElement) {
  act(() => element.click())
}

const lastNotice = () => getNotices().at(-1)?.message
const dtItem = () => items().find((b) => b.dataset.testid === 'dt-toggle')
const confirmDialog = () => document.querySelector<HTMLDialogElement>('dialog.confirm-dialog')
const dialogButton = (name: string) => Array.from(confirmDialog()?.querySelectorAll('button') ?? []).find((b) => b.textContent === name)
const LEAD = { aiEnabled: true, dtDialogEnabled: false }
const REFUSAL = 'An appointment is already set for this lead'
/** What the server answers a DT call; only `futureServiceInteraction.dtDialogEnabled` matters here. */
const dtAnswer = (message: string, on: boolean) => json({ message, futureServiceInteraction: { id: 3, dtDialogEnabled: on } })

const menu = () => document.querySelector('[role="menu"][aria-label="Options"]')
const items = () => Array.from(menu()?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

describe('MessageOptions', () => {
  it('offers Show Intents on a customer message, between Log mode and Archive, and opens the Show Intent modal', async () => {
    const answer = {
      messageId: 21,
      futureServiceInteractionId: 3,
      understood: false,
      intents: [],
      finalIntentNames: [],
      multiIntentNames: [],
    }
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }))
    const button = render(customerMessage)
    act(() => button.click())
    expect(items().map((b) => b.textContent)).toEqual(['Log mode', 'Show Intents', 'Archive'])

    act(() => items()[1]!.click())
    expect(menu()).toBeNull()
    const dialog = document.querySelector<HTMLDialogElement>('dialog[data-testid="intent-details"]')!
    expect(dialog.open).toBe(true)
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Show Intent')
    await settle()
    expect((fetch.mock.calls[0] as [string])[0]).toBe(
      '/api/future-service-interaction/intentDetails?future-service-interaction-id=3&messageId=21',
    )

    // Close gives focus back to the options button.
    const close = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Close')!
    act(() => close.click())
    expect(document.querySelector('dialog[data-testid="intent-details"]')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('does not offer Show Intents on a message to the customer', () => {
    const button = render(messageFixture({ id: 22 }))
    act(() => button.click())
    expect(items().map((b) => b.textContent)).toEqual(['Set Response Time', 'Archive'])
  })

  it('offers DT and, while the assistant is on, the action intents on a customer message, in the spec order', () => {
    click(render(customerMessage, { lead: LEAD }))
    expect(items().map((b) => b.textContent)).toEqual([
      'Log mode',
      'Show Intents',
      'DT',
      'Archive',
      'Action Intents',
      'Default Action Intents',
      'GM Handoff',
      'Manual Handoff',
    ])
  })

  it('hides DT when noDt is set, and the action intents while the assistant is off', () => {
    click(render(customerMessage, { lead: { aiEnabled: false, dtDialogEnabled: false }, noDt: true }))
    expect(items().map((b) => b.textContent)).toEqual(['Log mode', 'Show Intents', 'Archive', 'GM Handoff', 'Manual Handoff'])
  })

  it('shows the DT badge green while the dialogue is off and red while it runs', () => {
    click(render(customerMessage, { lead: LEAD }))
    const badge = dtItem()!.querySelector('[role="img"]')!
    expect(badge.className).toContain('dt-badge--off')
    expect(badge.getAttribute('aria-label')).toBe(DT_OFF_LABEL)

    view.render(<></>)
    click(render(customerMessage, { lead: { ...LEAD, dtDialogEnabled: true } }))
    const red = dtItem()!.querySelector('[role="img"]')!
    expect(red.className).toContain('dt-badge--on')
    expect(red.getAttribute('aria-label')).toBe(DT_ON_LABEL)
  })

  it('green DT starts the dialogue on the clicked message, toasts and refetches the conversation and the lead', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(dtAnswer('Date Time Dialogue Sent', true))
    const { client, button } = renderWithClient(customerMessage, { lead: LEAD })
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    act(() => button.click())
    act(() => dtItem()!.click())
    await settle()

    expect(calls(fetch)).toEqual([
      [
        '/api/future-service-interaction/dtDialog/resume',
        { id: 3, dtDialogEnabled: true, lastMessage: 'Can I come in tomorrow at 9?', manualBooking: false, isForced: false },
      ],
    ])
    expect((fetch.mock.calls[0] as [string, RequestInit])[1].method).toBe('POST')
    expect(lastNotice()).toBe('Date Time Dialogue Sent')
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversations', 'history', 3] })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversations', 'lead', 3] })
    expect(menu()).toBeNull()
    expect(confirmDialog()).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it("asks with the server's first error when it refuses DT, and Yes starts it forced", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ message: 'Bad request', errors: [REFUSAL, 'second reason'] }, 400))
      .mockResolvedValueOnce(dtAnswer('Date Time Dialogue Sent', true))
    const before = getNotices().length
    const button = render(customerMessage, { lead: LEAD })
    act(() => button.click())
    act(() => dtItem()!.click())
    await settle()

    // No error toast: the refusal is asked about instead.
    expect(getNotices().length).toBe(before)
    expect(menu()).toBeNull()
    const dialog = confirmDialog()!
    expect(dialog.open).toBe(true)
    expect(dialog.querySelector('p')?.textContent).toBe(`${REFUSAL}. Do you want to send the Date Time Dialogue anyway?`)
    expect(dialogButton('No')).toBeDefined()

    act(() => dialogButton('Yes')!.click())
    await settle()
    const sent = calls(fetch)
    expect(sent).toHaveLength(2)
    expect(sent[1]).toEqual([
      '/api/future-service-interaction/dtDialog/resume',
      { id: 3, dtDialogEnabled: true, lastMessage: 'Can I come in tomorrow at 9?', manualBooking: false, isForced: true },
    ])
    expect(lastNotice()).toBe('Date Time Dialogue Disabled')
    expect(confirmDialog()).toBeNull()
  })

  it('No leaves a refused DT alone', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ message: REFUSAL, errors: [REFUSAL] }, 400))
    const button = render(customerMessage, { lead: LEAD })
    act(() => button.click())
    act(() => dtItem()!.click())
    await settle()
    act(() => dialogButton('No')!.click())
    expect(confirmDialog()).toBeNull()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(button)
  })

  it('shows the usual notice, without asking, when DT fails otherwise', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json({ message: 'Lead not found', errors: ['Lead not found'] }, 404))
    click(render(customerMessage, { lead: LEAD }))
    act(() => dtItem()!.click())
    await settle()
    expect(confirmDialog()).toBeNull()
    expect(getNotices().at(-1)).toMatchObject({ type: 'danger', message: 'Lead not found' })
  })

  it('red DT switches the dialogue off through the disable call', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(dtAnswer('Date Time Dialogue Disabled', false))
    const { client, button } = renderWithClient(customerMessage, { lead: { ...LEAD, dtDialogEnabled: true } })
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    act(() => button.click())
    act(() => dtItem()!.click())
    await settle()

    expect(calls(fetch)).toEqual([['/api/future-service-interaction/dtDialog/disable', { id: 3 }]])
    expect(lastNotice()).toBe('Date Time Dialogue Disabled')
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversations', 'lead', 3] })
    expect(menu()).toBeNull()
  })

  it('opens the Default Action Intents popover from the menu', async () => {
    const choices = { messageId: 21, actionIntentsEnabled: true, actionIntents: [], defaultActionIntents: [] }
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(choices))
    const button = render(customerMessage, { lead: LEAD })
    act(() => button.click())
    act(() => items().find((b) => b.textContent === 'Default Action Intents')!.click())
    await settle()
    expect(menu()).toBeNull()
    const popover = document.querySelector('[role="dialog"][aria-label="Default Action Intents"]')
    expect(popover?.querySelector('.popover__title')?.textContent).toBe('Default Action Intents')

    // Cancel closes it and gives focus back to the options button.
    act(() => Array.from(popover!.querySelectorAll('button')).find((b) => b.textContent === 'Cancel')!.click())
    expect(document.querySelector('[aria-label="Default Action Intents"]')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('GM Handoff asks first, then hands the conversation to the general manager with parameter CQ and refetches', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ id: 90, notificationType: 'INTERNAL_NOTIFICATION_GM' }))
    const { client, button } = renderWithClient(customerMessage, { lead: LEAD })
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    click(button)
    click(items().find((b) => b.textContent === 'GM Handoff')!)
    expect(menu()).toBeNull()
    expect(confirmDialog()?.open).toBe(true)
    expect(fetch).not.toHaveBeenCalled()
    click(dialogButton('Hand off')!)
    await settle()
    expect((fetch.mock.calls[0] as [string])[0]).toBe(
      '/api/future-service-interaction/workflow/track?id=3&track=CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK&parameter=CQ',
    )
    expect(lastNotice()).toBe('Handed to the general manager')
    expect(invalidate).toHaveBeenCalledTimes(2)
    expect(confirmDialog()).toBeNull()
  })

  it('Manual Handoff sends the customer handoff with no parameter; Cancel sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ id: 91 }))
    click(render(customerMessage, { lead: LEAD }))
    click(items().find((b) => b.textContent === 'Manual Handoff')!)
    click(dialogButton('Cancel')!)
    expect(fetch).not.toHaveBeenCalled()
    click(view.container.querySelector<HTMLButtonElement>('[data-testid="message-options"]')!)
    click(items().find((b) => b.textContent === 'Manual Handoff')!)
    click(dialogButton('Hand off')!)
    await settle()
    expect((fetch.mock.calls[0] as [string])[0]).toBe('/api/future-service-interaction/workflow/track?id=3&track=CUSTOMER_A_HANDOFF')
  })

  it("switches the lead's assistant from the options: AI on turns it off", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ id: 3, aiEnabled: false }))
    click(render(customerMessage, { lead: LEAD }))
    const ai = menu()!.querySelector<HTMLButtonElement>('[role="menuitemcheckbox"]')!
    expect(ai.textContent).toBe('AI on')
    expect(ai.getAttribute('aria-checked')).toBe('true')
    click(ai)
    await settle()
    expect((fetch.mock.calls[0] as [string])[0]).toBe('/api/future-service-interaction/update-ai-enabled?id=3&aiEnabled=false')
    expect(lastNotice()).toBe('Successfully Updated')
  })
})
