/** Test data and a fake server for the public pages. */
import { QueryClient } from '@tanstack/react-query'
import { act } from 'react'
import { vi } from 'vitest'
import type { PublicLeadForm } from '../api/public-types'

export const CONSENT =
  'By clicking Submit you agree to receive text messages from Harbor Toyota at the number above. Reply STOP to opt out at any time. Consent is not a condition of purchase.'

export function leadForm(extra: Partial<PublicLeadForm> = {}): PublicLeadForm {
  return {
    slug: 'lead-submission-toyota',
    brand: 'Toyota',
    title: 'Get in touch',
    storeName: 'Harbor Toyota',
    storePhoneNumber: '+15552010000',
    consentText: CONSENT,
    accentColor: '#eb0a1e',
    ...extra,
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export interface Call {
  method: string
  url: string
  body: unknown
}

/** Answers a call later or by its content. */
export type Handler = (call: Call) => Response | Promise<Response>

/** Answers fetches from `routes` (`'GET /api/…'` → body, Response or handler); unknown calls are a 404. The calls are recorded. */
export function fakeServer(routes: Record<string, unknown>) {
  const calls: Call[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const raw = init?.body
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
    const call = { method, url, body }
    calls.push(call)
    const route = routes[`${method} ${url}`]
    if (typeof route === 'function') return Promise.resolve((route as Handler)(call))
    if (route instanceof Response) return Promise.resolve(route.clone())
    return Promise.resolve(route === undefined ? json({ message: 'Not found' }, 404) : json(route))
  })
  return { calls, sent: (method: string) => calls.filter((c) => c.method === method) }
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

export async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

/** The input or textarea labelled `label` (exactly) inside `root`. */
export function field<T extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string): T {
  const labels = [...root.querySelectorAll('label')].filter((l) => l.textContent?.trim() === label)
  const target = labels[0]?.htmlFor ? root.querySelector<T>(`#${CSS.escape(labels[0].htmlFor)}`) : null
  if (!target) throw new Error(`no field labelled ${label}`)
  return target
}

export function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)
  if (!found) throw new Error(`no button ${name}`)
  return found
}

export function click(element: HTMLElement) {
  act(() => element.click())
}
