import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { setupTestRoot, typeInto } from '../../../test/render'
import { button, click, fakeServer, field, json, settle, testQueryClient } from '../test/admin-fixtures'
import { ResetPasswordScreen } from './reset-password-screen'

// Links need a router; where they point is what matters here.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}))

const view = setupTestRoot()

async function render({ token }: { token: string | undefined } = { token: 'tok-1' }) {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <ResetPasswordScreen token={token} />
    </QueryClientProvider>,
  )
  await settle()
}

const form = () => view.container.querySelector('form')!

describe('ResetPasswordScreen', () => {
  it('wants 8 characters typed the same twice before sending', async () => {
    const server = fakeServer({})
    await render()
    typeInto(field(form(), 'New password'), 'short')
    typeInto(field(form(), 'Repeat the password'), 'other')
    click(button(form(), 'Save password'))
    await settle()
    expect(form().textContent).toContain('The password must have at least 8 characters')
    expect(form().textContent).toContain('The two passwords differ')
    expect(server.calls).toHaveLength(0)
  })

  it('sends the token and the password without a session, then points to sign in', async () => {
    const server = fakeServer({ 'POST /user/reset-password': { message: 'Your password was changed. Sign in with it.' } })
    await render()
    typeInto(field(form(), 'New password'), 'a-long-password')
    typeInto(field(form(), 'Repeat the password'), 'a-long-password')
    click(button(form(), 'Save password'))
    await settle()
    expect(server.calls[0]).toMatchObject({ method: 'POST', url: '/user/reset-password', body: { token: 'tok-1', password: 'a-long-password' } })
    const done = view.container.querySelector('[data-testid="reset-done"]')!
    expect(done.textContent).toContain('Your password was changed. Sign in with it.')
    expect(done.querySelector('a')?.getAttribute('href')).toBe('/login')
  })

  it("shows the server's words for a link that is invalid or expired", async () => {
    const message = 'This link is invalid or has expired; ask for a new one'
    fakeServer({ 'POST /user/reset-password': json({ message, errors: [message] }, 400) })
    await render()
    typeInto(field(form(), 'New password'), 'a-long-password')
    typeInto(field(form(), 'Repeat the password'), 'a-long-password')
    click(button(form(), 'Save password'))
    await settle()
    expect(view.container.querySelector('[data-testid="reset-refused"]')?.textContent).toBe(message)
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('/login')
  })

  it('says so when the address has no token', async () => {
    fakeServer({})
    await render({ token: undefined })
    expect(view.container.textContent).toContain('This address has no password link in it.')
    expect(view.container.querySelector('form')).toBeNull()
  })
})
