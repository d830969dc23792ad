import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { pressKey, setupTestRoot, typeInto } from '../../../test/render'
import { ReplyBox } from './reply-box'

const view = setupTestRoot()

function render(onSent = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  view.render(
    <QueryClientProvider client={client}>
      <ReplyBox customerId={7} onSent={onSent} />
    </QueryClientProvider>,
  )
  return onSent
}

const textarea = () => view.container.querySelector('textarea')!
const button = () => view.container.querySelector('button')!

const type = (value: string) => typeInto(textarea(), value)
const press = (key: string, init?: KeyboardEventInit) => pressKey(textarea(), key, init)

/** Lets queued work (fetch answers, TanStack Query's batched notifications) run. */
const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

describe('ReplyBox', () => {
  it('sends on Enter, waits while sending, then clears the box', async () => {
    let answer!: (response: Response) => void
    const fetch = vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const onSent = render()
    expect(button().disabled).toBe(true) // nothing to send yet

    type('  On my way  ')
    expect(button().disabled).toBe(false)
    const enter = press('Enter')
    expect(enter.defaultPrevented).toBe(true)
    await tick() // the mutation starts, and reports, on later ticks

    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/simulator/phones/7/reply')
    expect(init.method).toBe('POST')
    expect(JSON.parse(init.body as string)).toEqual({ body: 'On my way' })
    expect(button().disabled).toBe(true)
    expect(button().textContent).toBe('Sending…')
    expect(textarea().readOnly).toBe(true)

    // A second Enter while sending sends nothing more.
    press('Enter')
    await tick()
    expect(fetch).toHaveBeenCalledTimes(1)

    answer(jsonResponse(200, { id: 1, body: 'On my way' }))
    await tick()
    expect(textarea().value).toBe('')
    expect(textarea().readOnly).toBe(false)
    expect(button().textContent).toBe('Send')
    expect(onSent).toHaveBeenCalledTimes(1)
  })

  it('leaves Shift+Enter to the textarea (a new line) and ignores an empty box', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    render()
    type('Line one')
    const shiftEnter = press('Enter', { shiftKey: true })
    expect(shiftEnter.defaultPrevented).toBe(false)
    type('   ')
    press('Enter')
    await tick()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('keeps the text and raises the error notice when the reply fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(409, { message: 'This store does not use the simulator', errors: [] }),
    )
    const onSent = render()
    type('Hello?')
    act(() => button().click())
    await tick()
    expect(textarea().value).toBe('Hello?')
    expect(button().disabled).toBe(false)
    expect(onSent).not.toHaveBeenCalled()
    expect(getNotices().at(-1)).toMatchObject({ type: 'danger', message: 'This store does not use the simulator' })
  })
})
