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

function render(transcript: boolean) {
  view.render(
    <QueryClientProvider client={new QueryClient()}>
      <ConversationOptions leadId={7} lead={{ aiEnabled: false, dtDialogEnabled: false }} transcript={transcript} compact />
    </QueryClientProvider>,
  )
  const button = view.container.querySelector<HTMLButtonElement>('[data-testid="conversation-options"]')!
  act(() => button.click())
  return button
}

const menu = () => document.querySelector('[role="menu"][aria-label="Conversation options"]')
const labels = () => [...(menu()?.querySelectorAll('button') ?? [])].map((b) => b.textContent)

describe('ConversationOptions', () => {
  it('offers the handoffs, the AI switch and, on staff screens, the transcript', () => {
    const button = render(true)
    expect(button.getAttribute('aria-label')).toBe('Conversation options')
    expect(labels()).toEqual(['GM Handoff', 'Manual Handoff', 'AI off', 'Download transcript'])
  })

  it('leaves the transcript out where it is not asked for', () => {
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
