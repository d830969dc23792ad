import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDock, resetChatDock } from '../../lib/chat-dock'
import type { Handoff, HandoffPage } from '../../lib/handoffs'
import { setupTestRoot } from '../../test/render'
import { HandoffBell } from './handoff-bell'

const view = setupTestRoot()

afterEach(() => {
  localStorage.clear()
  resetChatDock()
  vi.restoreAllMocks()
})

function handoff(id: number, over: Partial<Handoff> = {}): Handoff {
  return {
    id,
    title: 'GM HANDOFF',
    fsiId: 40 + id,
    messageId: 900 + id,
    customerName: `Dana ${id}`,
    storeId: 3,
    storeName: 'Harbor Toyota',
    reason: `A complaint, handed over by the assistant ${id}`,
    createdAt: new Date().toISOString(),
    read: false,
    ...over,
  }
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
}

/** The server: the list first, then what each call answers. */
function serve(content: Handoff[]) {
  const page: HandoffPage = { content, page: 0, size: 20, totalElements: content.length, unread: content.filter((h) => !h.read).length }
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    if (String(url).startsWith('/api/notifications?')) return json(page)
    return json({ changed: 1, unread: 0 })
  })
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

async function renderBell() {
  view.render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <HandoffBell />
    </QueryClientProvider>,
  )
  await settle()
}

const bell = () => document.querySelector<HTMLButtonElement>('.handoff-bell__button')!
const items = () => [...document.querySelectorAll<HTMLElement>('.handoff-item')]
const urls = (fetch: { mock: { calls: unknown[][] } }) => fetch.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`)

describe('HandoffBell', () => {
  it("shows how many of the user's kept handoffs are unread", async () => {
    const fetch = serve([handoff(2, { title: 'Customer HANDOFF' }), handoff(1), handoff(0, { read: true })])
    await renderBell()
    expect(urls(fetch)[0]).toBe('GET /api/notifications?size=20')
    expect(bell().getAttribute('aria-label')).toBe('Handoffs, 2 unread')
    expect(document.querySelector('[data-testid="handoff-unread"]')?.textContent).toBe('2')
  })

  it('lists the handoffs as the server sends them; one opens its conversation and is marked read by its note', async () => {
    const fetch = serve([handoff(2, { title: 'MD HANDOFF' }), handoff(1)])
    await renderBell()
    act(() => bell().click())
    expect(items().map((li) => li.querySelector('strong')?.textContent)).toEqual(['MD HANDOFF', 'GM HANDOFF'])
    expect(items()[1]!.textContent).toContain('A complaint, handed over by the assistant 1')
    expect(items()[1]!.textContent).toContain('Dana 1 · Harbor Toyota')

    act(() => items()[1]!.querySelector<HTMLButtonElement>('.handoff-item__open')!.click())
    await settle()
    expect(getDock().boxes.map((b) => b.leadId)).toEqual([41])
    expect(urls(fetch)).toContain('POST /api/notifications/read?messageId=901')
    expect(document.querySelector('.handoff-list')).toBeNull()
  })

  it('marks all read, removes a lead’s and clears, each on the server', async () => {
    const fetch = serve([handoff(1), handoff(2)])
    await renderBell()
    act(() => bell().click())
    act(() => document.querySelector<HTMLButtonElement>('.handoff-list__read')!.click())
    await settle()
    act(() => items()[0]!.querySelector<HTMLButtonElement>('.handoff-item__remove')!.click())
    await settle()
    act(() => document.querySelector<HTMLButtonElement>('.handoff-list__clear')!.click())
    await settle()
    expect(urls(fetch)).toEqual(
      expect.arrayContaining(['POST /api/notifications/read', 'DELETE /api/notifications/interaction/41', 'DELETE /api/notifications']),
    )
  })

  it('says when there is none', async () => {
    serve([])
    await renderBell()
    act(() => bell().click())
    expect(bell().getAttribute('aria-label')).toBe('Handoffs')
    expect(document.querySelector('.handoff-list')?.textContent).toContain('No handoffs.')
  })
})
