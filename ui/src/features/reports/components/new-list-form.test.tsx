import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot, typeInto } from '../../../test/render'
import { NewListForm } from './new-list-form'

const view = setupTestRoot()

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

function render(onCreated = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <NewListForm tenantId={1} onCreated={onCreated} />
    </QueryClientProvider>,
  )
  return onCreated
}

const codeField = () => view.container.querySelector<HTMLInputElement>('input')!
const help = () => view.container.querySelector('[data-testid="list-code-help"]')!
const submit = () => act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click())
const posts = (fetch: { mock: { calls: unknown[][] } }) => fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')

describe('NewListForm', () => {
  it("refuses a code without LIST- with the spec's words, sending nothing", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    render()
    typeInto(codeField(), 'MANAGERS')
    submit()
    await settle()
    expect(help().textContent).toBe('List Should Start With LIST-')
    expect(help().className).toBe('field__error')
    expect(codeField().getAttribute('aria-invalid')).toBe('true')
    expect(posts(fetch)).toHaveLength(0)
  })

  it('creates the list with the trimmed code and the tenant', async () => {
    const list = { code: 'LIST-GM', createdAt: '2026-11-26T10:00:00Z', mailingListMasterId: 9, recipients: 0, tenantId: 1 }
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(list))
    const onCreated = render()
    typeInto(codeField(), '  LIST-GM ')
    submit()
    await settle()
    const [url, init] = posts(fetch)[0] as [string, RequestInit]
    expect(url).toBe('/mailinglist')
    expect(JSON.parse(String(init.body))).toEqual({ code: 'LIST-GM', tenantId: 1 })
    expect(onCreated).toHaveBeenCalledWith(list)
    expect(codeField().value).toBe('')
  })

  it("shows 'List Should Start With LIST-' for the server's 'should begin with' refusal, and a 409's own message", async () => {
    const message = 'The mailing list code should begin with LIST- and name the list'
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message, errors: [message] }, 400))
    const onCreated = render()
    typeInto(codeField(), 'LIST-X')
    submit()
    await settle()
    expect(help().textContent).toBe('List Should Start With LIST-')
    expect(onCreated).not.toHaveBeenCalled()

    fetch.mockResolvedValue(json({ message: 'A mailing list LIST-X already exists', errors: ['A mailing list LIST-X already exists'] }, 409))
    submit()
    await settle()
    expect(help().textContent).toBe('A mailing list LIST-X already exists')

    // Typing again clears the server's word.
    typeInto(codeField(), 'LIST-Y')
    expect(help().className).toBe('field__hint')
  })
})
