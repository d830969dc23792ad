/** Answers of the template API for the templates feature's tests, and a fetch stand-in that routes by method and path. */
import { vi } from 'vitest'
import type { TemplateCatalogue } from '../../../components/template-catalogue/api/get-template-catalogue'
import type { RenderedTemplate } from '../api/apply-template'
import type { CustomTemplate } from '../api/get-personal-templates'

export const CATALOGUE: TemplateCatalogue = {
  groups: ['Assistant', 'Customer', 'Office', 'Product', 'Service'],
  fields: [
    { key: 'assistant_first_name', group: 'Assistant', label: 'First name', placeholder: '{{assistant_first_name}}' },
    { key: 'customer_first_name', group: 'Customer', label: 'First name', placeholder: '{{customer_first_name}}' },
    { key: 'customer_email', group: 'Customer', label: 'Email', placeholder: '{{customer_email}}' },
    { key: 'office_name', group: 'Office', label: 'Name', placeholder: '{{office_name}}' },
    { key: 'product_model', group: 'Product', label: 'Model', placeholder: '{{product_model}}' },
    { key: 'service_month', group: 'Service', label: 'Month', placeholder: '{{service_month}}' },
  ],
  serviceTypes: ['SALES_THANKS', 'SALES_TITLE', 'OIL_CHANGE', 'CHECK_UP'],
  intents: ['APPT_SET', 'CQ'],
}

export function templateFixture(over: Partial<CustomTemplate> = {}): CustomTemplate {
  const id = over.id ?? 5
  return {
    id,
    templateId: id,
    title: 'Oil change reminder',
    body: 'Hi {{customer_first_name}},<br>your oil change is due.',
    editorBody: 'Hi {{customer_first_name}},\nyour oil change is due.',
    serviceType: 'OIL_CHANGE',
    enterpriseId: 7,
    favorite: false,
    editable: true,
    templateType: 'PERSONAL',
    updatedAt: '2026-03-01T10:00:00Z',
    ...over,
  }
}

export function renderedFixture(over: Partial<RenderedTemplate> = {}): RenderedTemplate {
  return {
    futureServiceInteractionId: 3,
    moc: 'SMS',
    body: 'Hi Dana,<br>your oil change is due.',
    text: 'Hi Dana, your oil change is due.',
    editorBody: 'Hi Dana,\nyour oil change is due.',
    missingFields: [],
    complete: true,
    ...over,
  }
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** One call the stand-in saw. */
export interface SeenCall {
  method: string
  url: string
  body: unknown
}

/**
 * Stands in for `fetch`: `answer(method, url, body)` gives each call's answer
 * (a fresh Response each time); the catalogue is answered unless it says
 * otherwise. `calls` lists what was asked, catalogue calls left out.
 */
export function fakeServer(answer: (method: string, url: string, body: unknown) => Response | undefined) {
  const calls: SeenCall[] = []
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const given = answer(method, url, body)
    if (given) {
      calls.push({ method, url, body })
      return Promise.resolve(given)
    }
    if (method === 'GET' && url === '/api/customTemplate/catalogue') return Promise.resolve(json(CATALOGUE))
    calls.push({ method, url, body })
    return Promise.resolve(json({ message: `no answer for ${method} ${url}` }, 404))
  })
  return { fetch, calls }
}
