import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserData } from '../../lib/session'
import { setupTestRoot } from '../../test/render'
import { EnterpriseLogo } from './enterprise-logo'
import { accessWith } from '../../test/access'

const view = setupTestRoot()

const user: UserData = {
  authToken: 'tok-123',
  expiresAt: '2999-01-01T00:00:00Z',
  userId: 1,
  username: 'enterprise-admin',
  roles: ['ENTERPRISE_ADMIN'],
  access: accessWith({ tenant: true, users: true, manager: true }),
  roleDtos: [{ name: 'ENTERPRISE_ADMIN' }],
  empLevel: 'ENTERPRISE',
  enterprise: { id: 7, name: 'Bayline Demo Motors' },
  firstName: 'Linda',
  lastName: 'Lopez',
  realTimeSync: false,
  callingFeature: false,
  colorCode: '#123456',
}

function serve(hasLogo: boolean) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = String(input)
    if (url === '/api/enterprise/7') {
      return Promise.resolve(new Response(JSON.stringify({ id: 7, name: 'Bayline Demo Motors', code: 'DEMO', isDemo: true, isActive: true, hasLogo, createdAt: '2026-11-01T00:00:00Z' })))
    }
    if (url === '/api/enterprise/7/logo') return Promise.resolve(new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }))
    return Promise.resolve(new Response('{}', { status: 404 }))
  })
}

async function render() {
  view.render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EnterpriseLogo enterpriseId={7} className="enterprise-logo--header" />
    </QueryClientProvider>,
  )
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

describe('EnterpriseLogo', () => {
  beforeEach(() => localStorage.setItem('userData', JSON.stringify(user)))
  afterEach(() => localStorage.clear())

  it('shows nothing, and fetches no image, when the enterprise has no logo', async () => {
    const fetch = serve(false)
    await render()
    expect(view.container.querySelector('img')).toBeNull()
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/enterprise/7'])
  })

  it("fetches the logo with the session's token and shows it through an object URL", async () => {
    const fetch = serve(true)
    await render()
    const logoCall = fetch.mock.calls.find(([url]) => String(url) === '/api/enterprise/7/logo')!
    expect(new Headers((logoCall[1] as RequestInit).headers).get('Authorization')).toBe('Bearer tok-123')
    const image = view.container.querySelector('img')!
    expect(image.getAttribute('src')).toMatch(/^blob:/)
    expect(image.className).toBe('enterprise-logo enterprise-logo--header')
    expect(image.alt).toBe('Bayline Demo Motors logo')
  })
})
