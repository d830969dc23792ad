import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as saving from '../../../lib/save-file'
import { setupTestRoot } from '../../../test/render'
import { ConversationOptions } from './conversation-options'

const view = setupTestRoot()

afterEach(() => vi.restoreAllMocks())

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render(leadTools: boolean) {
  view.render(
    <QueryClientProvider client={new QueryClient()}>
      <ConversationOptions leadId={7} lead={{ aiEnabled: false, dtDialogEnabled: false, conversationClosed: false }} leadTools={leadTools} compact />
    </QueryClientProvider>,
  )
  const button = view.container.querySelector<HTMLButtonElement>('[data-testid="conversation-options"]')!
  act(() => button.click())
  return button
}

const menu = () => document.querySelector('[role="menu"][aria-label="Conversation options"]')
const labels = () => [...(menu()?.querySelectorAll('button') ?? [])].map((b) => b.textContent)

describe('ConversationOptions', () => {
  it("offers the handoffs, the AI switch and, on staff screens, the lead's tools", () => {
    const button = render(true)
    expect(button.getAttribute('aria-label')).toBe('Conversation options')
    expect(labels()).toEqual([
      'GM Handoff',
      'Manual Handoff',
      'AI off',
      'Conversation open',
      'No-show',
      'E-mail follow-up',
      'Download transcript',
    ])
  })

  it('closes the conversation, and posts the no-show and e-mail follow-up tracks', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ id: 7 }), { headers: { 'Content-Type': 'application/json' } }))
    const item = (name: string) => [...menu()!.querySelectorAll('button')].find((b) => b.textContent === name)!
    for (const name of ['Conversation open', 'No-show', 'E-mail follow-up']) {
      view.render(<></>)
      render(true)
      act(() => item(name).click())
      await settle()
    }
    expect(fetch.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`)).toEqual([
      'PUT /api/future-service-interaction/conversationClosed?id=7&conversationClosed=true',
      'POST /api/future-service-interaction/workflow/track?id=7&track=CUSTOMER_NO_SHOW',
      'POST /api/future-service-interaction/workflow/track?id=7&track=FOLLOW_UP_EMAIL',
    ])
  })

  it("leaves the lead's tools out where they are not asked for", () => {
    render(false)
    expect(labels()).toEqual(['GM Handoff', 'Manual Handoff', 'AI off'])
  })

  it("downloads the conversation's transcript under the server's name", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('Dana: hi', { headers: { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="transcript-7.txt"' } }),
    )
    const save = vi.spyOn(saving, 'saveFile').mockImplementation(() => undefined)
    render(true)
    const item = [...menu()!.querySelectorAll('button')].find((b) => b.textContent === 'Download transcript')!
    act(() => item.click())
    await settle()
    expect((fetch.mock.calls[0] as [string])[0]).toBe('/api/svc-message-instance/download/transcript/7')
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'transcript-7.txt')
    expect(menu()).toBeNull()
  })
})
