import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { MessageView } from '../../../lib/message-events'
import { messageFixture } from '../../../test/message-fixture'
import { setupTestRoot } from '../../../test/render'
import { MessageOptions } from './message-options'

const view = setupTestRoot()

const customerMessage = messageFixture({
  id: 21,
  direction: 'RECEIVED',
  notificationType: 'MESSAGE_FROM_CUSTOMER',
  messageStatus: 'received',
})

function render(message: MessageView) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <MessageOptions leadId={3} message={message} onArchive={() => undefined} />
    </QueryClientProvider>,
  )
  return view.container.querySelector<HTMLButtonElement>('[data-testid="message-options"]')!
}

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
})
