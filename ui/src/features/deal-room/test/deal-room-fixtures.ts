/** Test data and a fake server for the signed-link pages. */
import { QueryClient } from '@tanstack/react-query'
import { act } from 'react'
import { vi } from 'vitest'
import type { DealRoomLead, DealRoomLink } from '../api/deal-room-types'
import type { SignedLinkSearch } from '../components/link-params'

export const LINK: DealRoomLink = { futureServiceInteractionId: 42, userMasterId: 7, token: 'sig-abc_123' }
/** `LINK` as the page's URL gives it. */
export const LINK_SEARCH: SignedLinkSearch = { futureServiceInteractionId: '42', userMasterId: '7', token: 'sig-abc_123' }
export const LINK_QUERY = 'futureServiceInteractionId=42&userMasterId=7&token=sig-abc_123'

export function dealRoomLead(extra: Partial<DealRoomLead> = {}): DealRoomLead {
  return {
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
    userName: 'Sam Ortiz',
    ...extra,
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export interface Call {
  method: string
  /** Path and query, as sent. */
  url: string
  path: string
  query: URLSearchParams
  body: unknown
}

export type Handler = (call: Call) => Response | Promise<Response>

/** Answers fetches by `'METHOD /path'` (query ignored; body, Response or handler); unknown calls are a 404. The calls are recorded. */
export function fakeServer(routes: Record<string, unknown>) {
  const calls: Call[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const raw = init?.body
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
    const [path = '', qs = ''] = url.split('?')
    const call = { method, url, path, query: new URLSearchParams(qs), body }
    calls.push(call)
    const route = routes[`${method} ${path}`]
    if (typeof route === 'function') return Promise.resolve((route as Handler)(call))
    if (route instanceof Response) return Promise.resolve(route.clone())
    return Promise.resolve(route === undefined ? json({ message: 'Not found' }, 404) : json(route))
  })
  return { calls, to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) }
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

export async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

export function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name)
  if (!found) throw new Error(`no button ${name}`)
  return found
}

export function click(element: HTMLElement) {
  act(() => element.click())
}
