/**
 * The template catalogue (the server's one list of service types) for the
 * tests of screens with a service-type filter, and a fetch stand-in that
 * answers it, the enterprise's stores and nothing else.
 */
import { vi } from 'vitest'
import type { TemplateCatalogue } from '../components/template-catalogue/api/get-template-catalogue'

/** A catalogue answer listing `serviceTypes` (menus and intents left empty). */
export function catalogueFixture(serviceTypes: readonly string[]): TemplateCatalogue {
  return { groups: [], fields: [], serviceTypes: [...serviceTypes], intents: [] }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/**
 * Stands in for `fetch`. The catalogue lists `catalogue`'s service types; with
 * 'pending' it is held until `answerCatalogue(types)`, with 'error' it fails
 * (500). The stores list is empty; anything else is a 404. `calls` lists every
 * call as `METHOD url`.
 */
export function fakeCatalogueServer(catalogue: readonly string[] | 'pending' | 'error') {
  const calls: string[] = []
  let answerCatalogue: (serviceTypes: readonly string[]) => void = () => undefined
  const held =
    catalogue === 'pending'
      ? new Promise<Response>((resolve) => {
          answerCatalogue = (serviceTypes) => resolve(json(catalogueFixture(serviceTypes)))
        })
      : undefined
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    calls.push(`${method} ${url}`)
    if (method === 'GET' && url === '/api/customTemplate/catalogue') {
      if (held) return held
      if (catalogue === 'error') return Promise.resolve(json({ message: 'Server Error!' }, 500))
      return Promise.resolve(json(catalogueFixture(catalogue as readonly string[])))
    }
    if (method === 'GET' && /^\/api\/enterprise\/\d+\/store$/.test(url)) return Promise.resolve(json([]))
    return Promise.resolve(json({ message: `no answer for ${method} ${url}` }, 404))
  })
  return { calls, answerCatalogue: (serviceTypes: readonly string[]) => answerCatalogue(serviceTypes) }
}
