import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import { OutboxScreen } from './outbox-screen'

const view = setupTestRoot()

afterEach(() => vi.restoreAllMocks())

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

describe('OutboxScreen', () => {
  it('lists what was mailed, newest first as the server sends it, with what each status means', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          content: [
            { id: 2, createdAt: '2026-11-29T15:00:00Z', to: 'gm@harbor.example', from: 'bayline@harbor.example', subject: 'GM HANDOFF: Dana Reyes (CQ)', status: 'stored', mime: '' },
            { id: 1, createdAt: '2026-11-28T15:00:00Z', sentAt: '2026-11-28T15:00:05Z', to: 'dana@example.com', from: 'service@harbor.example', subject: 'Your appointment', status: 'failed', error: 'mailbox full', mime: '' },
          ],
          page: 0,
          size: 20,
          totalElements: 2,
        }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
    )
    view.render(
      <QueryClientProvider client={new QueryClient()}>
        <OutboxScreen page={0} size={20} onPage={() => undefined} />
      </QueryClientProvider>,
    )
    await settle()
    expect((fetch.mock.calls[0] as [string])[0]).toBe('/api/email/outbox?page=0&size=20')
    const rows = [...view.container.querySelectorAll('tbody tr')].map((tr) => tr.textContent)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toContain('GM HANDOFF: Dana Reyes (CQ)')
    expect(rows[0]).toContain('Kept (no mail server)')
    expect(rows[1]).toContain('Failed')
    expect(rows[1]).toContain('mailbox full')
  })
})
