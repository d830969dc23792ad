import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../../lib/config'
import { getNotices } from '../../../lib/notices'
import { accessWith } from '../../../test/access'
import { setupTestRoot, typeInto } from '../../../test/render'
import { button, click, fakeServer, field, json, settle, testQueryClient } from '../test/admin-fixtures'
import { ChatConfigurationPanel } from './chat-configuration-panel'

const view = setupTestRoot()

async function render(reload = vi.fn()) {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <ChatConfigurationPanel enterpriseId={7} reload={reload} />
    </QueryClientProvider>,
  )
  await settle()
  return reload
}

const HEX = '0123456789abcdef0123456789abcdef'
const SAVED = {
  enterpriseId: 7,
  accountSid: `AC${HEX}`,
  apiKeySid: `SK${HEX}`,
  serviceSid: `IS${HEX}`,
  apiBaseUrl: 'http://127.0.0.1:8089',
  authenticated: false,
  updatedAt: '2026-11-25T15:30:00Z',
}
const TESTED = { ...SAVED, authenticated: true, authenticatedAt: '2026-11-25T15:31:00Z' }
const form = () => view.container.querySelector<HTMLFormElement>('form[aria-label="Chat credentials"]')!
const status = () => view.container.querySelector('[data-testid="chat-status"]')?.textContent
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/** SUPER_ADMIN of enterprise 1 working on enterprise 7: the calls name 7 in the `enterpriseId` header. */
function signIn() {
  localStorage.setItem(
    STORAGE_KEYS.userData,
    JSON.stringify({
      authToken: 'tok',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      roles: ['SUPER_ADMIN'],
      empLevel: 'PLATFORM',
      enterprise: { id: 1, name: 'Demo' },
      access: accessWith({ platform: true, tenant: true, telephony: true }),
    }),
  )
}

afterEach(() => localStorage.clear())

describe('ChatConfigurationPanel', () => {
  it('checks the credentials before sending, saves them with the enterprise header, and cannot test before a save', async () => {
    signIn()
    const server = fakeServer({ 'GET /api/chat/configuration': { configuration: null }, 'PUT /api/chat/configuration': SAVED })
    await render()
    expect(status()).toBe('Not set up')
    expect(button(form(), 'Test connection').disabled).toBe(true)

    typeInto(field(form(), 'Account SID'), 'AC123')
    click(button(form(), 'Save chat credentials'))
    await settle()
    expect(form().textContent).toContain('Account SID is AC and 32 hexadecimal digits')
    expect(form().textContent).toContain('API key SID is required')
    expect(form().textContent).toContain('API key secret is required')
    expect(form().textContent).toContain('Conversations service SID is required')
    expect(server.sent('PUT')).toHaveLength(0)

    typeInto(field(form(), 'Account SID'), SAVED.accountSid)
    typeInto(field(form(), 'API key SID'), SAVED.apiKeySid)
    typeInto(field(form(), 'API key secret'), 'the-right-secret-1234')
    typeInto(field(form(), 'Conversations service SID'), SAVED.serviceSid)
    typeInto(field(form(), 'API base URL'), SAVED.apiBaseUrl)
    click(button(form(), 'Save chat credentials'))
    await settle()
    const [put] = server.sent('PUT')
    expect(put).toMatchObject({
      url: '/api/chat/configuration',
      body: { accountSid: SAVED.accountSid, apiKeySid: SAVED.apiKeySid, apiKeySecret: 'the-right-secret-1234', serviceSid: SAVED.serviceSid, apiBaseUrl: SAVED.apiBaseUrl },
    })
    const headers = new Headers(vi.mocked(fetch).mock.calls.find(([url, init]) => url === '/api/chat/configuration' && init?.method === 'PUT')?.[1]?.headers)
    expect(headers.get('enterpriseId')).toBe('7')
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')
    expect(status()).toBe('Not tested')
    // The secret is never shown again; left empty it is kept.
    expect(field(form(), 'API key secret').value).toBe('')
    expect(form().textContent).toContain('leave empty to keep it')
    expect(button(form(), 'Test connection').disabled).toBe(false)
  })

  it('keeps the saved secret when none is typed', async () => {
    const server = fakeServer({ 'GET /api/chat/configuration': { configuration: SAVED }, 'PUT /api/chat/configuration': SAVED })
    await render()
    expect(field(form(), 'Account SID').value).toBe(SAVED.accountSid)
    click(button(form(), 'Save chat credentials'))
    await settle()
    expect(server.sent('PUT')[0]?.body).not.toHaveProperty('apiKeySecret')
  })

  it("lists the server's problems on 400", async () => {
    fakeServer({
      'GET /api/chat/configuration': { configuration: SAVED },
      'PUT /api/chat/configuration': json({ message: 'Invalid', errors: ['apiBaseUrl must be the provider\'s own address (https://api.twilio.com) or one the operator allows in BAYLINE_GATEWAY_HOSTS_ALLOWED'] }, 400),
    })
    await render()
    click(button(form(), 'Save chat credentials'))
    await settle()
    expect(form().querySelector('[data-testid="chat-refusal"]')?.textContent).toContain('one the operator allows')
  })

  it("tests good credentials: 'Successfully Tested' and Authenticated", async () => {
    const server = fakeServer({
      'GET /api/chat/configuration': { configuration: SAVED },
      'POST /api/chat/validate-configuration': { message: 'Successfully Tested', configuration: TESTED },
    })
    const reload = await render()
    expect(status()).toBe('Not tested')
    click(button(form(), 'Test connection'))
    await settle()
    expect(server.sent('POST')[0]?.url).toBe('/api/chat/validate-configuration')
    expect(getNotices().at(-1)).toMatchObject({ type: 'success', message: 'Successfully Tested' })
    expect(status()).toBe('Authenticated')
    await wait(250)
    expect(reload).not.toHaveBeenCalled()
  })

  it("shows 'Invalid Credentials.' for refused credentials and reloads the page 200 ms later", async () => {
    fakeServer({
      'GET /api/chat/configuration': { configuration: TESTED },
      'POST /api/chat/validate-configuration': json({ message: 'Invalid Credentials.', errors: ['Invalid Credentials.'] }, 400),
    })
    const reload = await render()
    expect(status()).toBe('Authenticated')
    click(button(form(), 'Test connection'))
    await settle()
    expect(getNotices().at(-1)).toMatchObject({ type: 'danger', message: 'Invalid Credentials.' })
    expect(reload).not.toHaveBeenCalled()
    await wait(250)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it("shows the server's message of another failure, else the connection failure, without reloading", async () => {
    let answer = json({ message: 'Connection to twilio chat failed. Please check twilio credentials.' }, 502)
    fakeServer({ 'GET /api/chat/configuration': { configuration: SAVED }, 'POST /api/chat/validate-configuration': () => answer })
    const reload = await render()
    click(button(form(), 'Test connection'))
    await settle()
    expect(getNotices().at(-1)).toMatchObject({ type: 'danger', message: 'Connection to twilio chat failed. Please check twilio credentials.' })

    answer = json({ message: 'Not found', errors: ['This enterprise has no chat configuration to test; save one first'] }, 404)
    click(button(form(), 'Test connection'))
    await settle()
    expect(getNotices().at(-1)?.message).toBe('This enterprise has no chat configuration to test; save one first')

    answer = new Response('', { status: 503 })
    click(button(form(), 'Test connection'))
    await settle()
    expect(getNotices().at(-1)?.message).toBe('Connection to twilio chat failed. Please check twilio credentials.')
    await wait(250)
    expect(reload).not.toHaveBeenCalled()
  })
})
