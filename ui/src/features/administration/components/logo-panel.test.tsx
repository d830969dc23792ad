import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import type { EnterpriseView } from '../api/admin-types'
import { fakeServer, json, settle, testQueryClient } from '../test/admin-fixtures'
import { LogoPanel } from './logo-panel'

const view = setupTestRoot()

const ENTERPRISE: EnterpriseView = {
  id: 7,
  name: 'Bayline Demo Motors',
  code: 'DEMO',
  isDemo: true,
  isActive: true,
  hasLogo: false,
  createdAt: '2026-11-01T10:00:00Z',
}

async function render(enterprise: EnterpriseView = ENTERPRISE) {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <LogoPanel enterprise={enterprise} />
    </QueryClientProvider>,
  )
  await settle()
}

const help = () => view.container.querySelector('[data-testid="logo-help"]')!

/** Chooses a file in the panel's file input, as the browser does. */
async function chooseFile(file: File) {
  const input = view.container.querySelector<HTMLInputElement>('[data-testid="logo-file"]')!
  Object.defineProperty(input, 'files', { configurable: true, value: [file] })
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }))
  })
  await settle()
}

describe('LogoPanel', () => {
  it('refuses a file that is not an image, or too big, without sending it', async () => {
    const server = fakeServer({})
    await render()
    expect(view.container.textContent).toContain('No logo yet')
    await chooseFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(help().textContent).toBe('notes.txt is not a PNG, JPEG or GIF image')
    expect(help().className).toBe('field__error')
    await chooseFile(new File([new Uint8Array(513 * 1024)], 'huge.png', { type: 'image/png' }))
    expect(help().textContent).toBe('The logo may be at most 512 KB (huge.png has 513 KB)')
    expect(server.sent('PUT')).toHaveLength(0)
  })

  it('uploads a PNG as the multipart field "file"', async () => {
    const server = fakeServer({ 'PUT /api/enterprise/7/logo': { ...ENTERPRISE, hasLogo: true } })
    await render()
    await chooseFile(new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }))
    const [put] = server.sent('PUT')
    expect(put?.url).toBe('/api/enterprise/7/logo')
    expect(put?.body).toBeInstanceOf(FormData)
    expect(((put?.body as FormData).get('file') as File).name).toBe('logo.png')
    expect(help().className).toBe('field__hint')
  })

  it("shows the server's refusal of the bytes", async () => {
    const message = 'The logo must be a PNG, JPEG or GIF image'
    fakeServer({ 'PUT /api/enterprise/7/logo': json({ message, errors: [message] }, 400) })
    await render()
    await chooseFile(new File([new Uint8Array([1, 2, 3])], 'fake.png', { type: 'image/png' }))
    const refusal = view.container.querySelector('[data-testid="logo-refusal"]')!
    expect(refusal.querySelector('strong')?.textContent).toBe('The logo was not taken.')
    expect(refusal.textContent).toContain(message)
  })

  it('shows the current logo from its bytes, and offers to remove it', async () => {
    const png = new Uint8Array([137, 80, 78, 71])
    fakeServer({ 'GET /api/enterprise/7/logo': () => new Response(png, { status: 200, headers: { 'Content-Type': 'image/png' } }) })
    await render({ ...ENTERPRISE, hasLogo: true })
    const image = view.container.querySelector<HTMLImageElement>('[data-testid="admin-logo-image"]')!
    expect(image.getAttribute('src')).toMatch(/^blob:/)
    expect(image.alt).toBe('Bayline Demo Motors logo')
    expect(view.container.textContent).toContain('Remove logo')
  })
})
