import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messageFixture } from '../test/message-fixture'
import { setupTestRoot } from '../test/render'
import { routeTree } from './route-tree'

const view = setupTestRoot()

const QUERY = 'futureServiceInteractionId=42&userMasterId=7&token=sig-abc_123'

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** Answers by path (query ignored); records every URL. */
function fakeServer(routes: Record<string, unknown>) {
  const urls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    urls.push(`${init?.method ?? 'GET'} ${url}`)
    const route = routes[`${init?.method ?? 'GET'} ${url.split('?')[0]}`]
    return Promise.resolve(route instanceof Response ? route.clone() : route === undefined ? json({ message: 'Not found' }, 404) : json(route))
  })
  return urls
}

async function open(href: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [href] }), context: { queryClient } })
  await act(() => router.load())
  view.render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  for (let i = 0; i < 8; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
  return router
}

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

const LEAD = {
  id: 42,
  customerFirstName: 'Dana',
  customerLastName: 'Reyes',
  customerPhone: '(555)-201-3344',
  storeName: 'Harbor Toyota',
  storeTimeZone: 'America/Chicago',
  aiEnabled: true,
  dtDialogEnabled: false,
  conversationClosed: false,
  canSend: true,
}

describe('the signed-link pages, logged out', () => {
  it("/dealroom shows the conversation's message cards with the chat box's log, asking with the link's parameters", async () => {
    const urls = fakeServer({
      'GET /servicedealroom/future-service-interaction': LEAD,
      'GET /servicedealroom/conversationHistory': [
        messageFixture({ id: 1, content: 'Your car is ready.' }),
        messageFixture({ id: 2, content: 'On my way', direction: 'RECEIVED', notificationType: 'MESSAGE_FROM_CUSTOMER' }),
      ],
    })
    const router = await open(`/dealroom?${QUERY}`)
    expect(router.state.location.pathname).toBe('/dealroom')
    const cards = [...view.container.querySelectorAll('[data-testid="chat-message"] .chat-msg__body')].map((b) => b.textContent)
    expect(cards).toEqual(['Your car is ready.', 'On my way'])
    expect(view.container.querySelector('[role="log"]')).not.toBeNull()
    // No staff session: no options popover.
    expect(view.container.querySelector('[data-testid="message-options"]')).toBeNull()
    expect(view.container.querySelector('[data-testid="deal-room-name"]')?.textContent).toBe('Dana Reyes')
    expect(urls).toContain(`GET /servicedealroom/conversationHistory?${QUERY}`)
  })

  it('/service/landing is read-only', async () => {
    fakeServer({
      'GET /servicedealroom/future-service-interaction': LEAD,
      'GET /servicedealroom/conversationHistory': [messageFixture({ id: 1, content: 'Your car is ready.' })],
    })
    const router = await open(`/service/landing?${QUERY}`)
    expect(router.state.location.pathname).toBe('/service/landing')
    expect(view.container.querySelector('[data-testid="service-landing-store"]')?.textContent).toBe('Harbor Toyota')
    expect(view.container.querySelectorAll('[data-testid="chat-message"]')).toHaveLength(1)
    expect(view.container.querySelector('textarea')).toBeNull()
  })

  it('/email/autoResponse sends fromAddress and toAddress as from and to, once', async () => {
    const urls = fakeServer({ 'GET /api/email/autoResponse': { message: 'Thanks for your response!' } })
    await open('/email/autoResponse?token=t1&fromAddress=dana%40example.com&toAddress=svc%40harbor.example&subject=Hi&message=YES&key=k9')
    expect(view.container.querySelector('[data-testid="auto-response-thanks"]')?.textContent).toBe('Thanks for your response!')
    expect(urls).toEqual(['GET /api/email/autoResponse?token=t1&from=dana%40example.com&to=svc%40harbor.example&subject=Hi&message=YES&key=k9'])
  })
})
