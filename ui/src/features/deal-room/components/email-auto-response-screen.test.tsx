import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import { fakeServer, json, settle, testQueryClient } from '../test/deal-room-fixtures'
import { EmailAutoResponseScreen } from './email-auto-response-screen'
import type { EmailAutoResponseSearch } from './link-params'

const view = setupTestRoot()

const AUTO = 'GET /api/email/autoResponse'
const SEARCH: EmailAutoResponseSearch = {
  token: 'tok-1',
  fromAddress: 'dana@example.com',
  toAddress: 'service@harbor.example',
  subject: 'Your appointment',
  message: 'YES',
  key: 'k-9',
}

function render(search = SEARCH) {
  view.render(
    <StrictMode>
      <QueryClientProvider client={testQueryClient()}>
        <EmailAutoResponseScreen search={search} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

const text = (testId: string) => view.container.querySelector(`[data-testid="${testId}"]`)?.textContent

describe('EmailAutoResponseScreen', () => {
  it('shows a spinner, then the thanks, having called the server once with from/to from fromAddress/toAddress', async () => {
    let answer: (r: Response) => void = () => undefined
    const server = fakeServer({ [AUTO]: () => new Promise<Response>((resolve) => (answer = resolve)) })
    render()
    expect(view.container.querySelector('[data-testid="auto-response-loading"] [role="status"]')).not.toBeNull()
    answer(json({ message: 'Thanks for your response!' }))
    await settle()
    expect(text('auto-response-thanks')).toBe('Thanks for your response!')
    expect(view.container.querySelector('[data-testid="auto-response-loading"]')).toBeNull()
    expect(server.calls).toHaveLength(1)
    const call = server.calls[0]!
    expect(call.path).toBe('/api/email/autoResponse')
    expect(Object.fromEntries(call.query)).toEqual({
      token: 'tok-1',
      from: 'dana@example.com',
      to: 'service@harbor.example',
      subject: 'Your appointment',
      message: 'YES',
      key: 'k-9',
    })
  })

  it.each([
    ['refused', json({ message: 'Invalid key' }, 403)],
    ['rate limited', json({ message: 'Slow down' }, 429)],
    ['malformed', json({ message: 'Bad request' }, 400)],
  ])('shows the warning when the call is %s, and asks only once', async (_case, response) => {
    const server = fakeServer({ [AUTO]: response })
    render()
    await settle()
    expect(text('auto-response-problem')).toBe('There is some problem. Please try after some time.')
    expect(text('auto-response-thanks')).toBeUndefined()
    expect(server.calls).toHaveLength(1)
  })
})
