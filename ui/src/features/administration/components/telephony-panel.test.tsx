import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import { adminStore, button, choose, click, fakeServer, field, json, settle, testQueryClient } from '../test/admin-fixtures'
import { TelephonyPanel } from './telephony-panel'

const view = setupTestRoot()

async function render() {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <TelephonyPanel enterpriseId={7} />
    </QueryClientProvider>,
  )
  await settle()
}

const form = (label: string) => view.container.querySelector<HTMLFormElement>(`form[aria-label="${label}"]`)!
const SIMULATOR = { provider: 'simulator', hasAuthToken: false }
const owned = (phoneNumber: string, display: string, id = 1) => ({
  id,
  enterpriseId: 7,
  storeId: 3,
  phoneNumber,
  display,
  provider: 'simulator',
  capabilities: 'SMS',
  createdAt: '2026-11-01T10:00:00Z',
})
const base = (extra: Record<string, unknown> = {}) => ({
  'GET /api/enterprise/7/stores': [adminStore()],
  'GET /api/messaging/gateway': SIMULATOR,
  'POST /twilio/list-all-phone-numbers': [],
  ...extra,
})

describe('TelephonyPanel', () => {
  it('checks the gateway per provider before sending, and never pre-fills the secret', async () => {
    const server = fakeServer(base({ 'PUT /api/messaging/gateway': {} }))
    await render()
    expect(server.calls.some((c) => c.url === '/api/messaging/gateway?storeId=3')).toBe(true)

    choose(field<HTMLSelectElement>(form('Gateway'), 'Provider'), 'twilio')
    typeInto(field(form('Gateway'), 'Account SID'), 'XY123')
    click(button(form('Gateway'), 'Save gateway'))
    await settle()
    expect(form('Gateway').textContent).toContain('Account SID starts with AC')
    expect(form('Gateway').textContent).toContain('Auth token is required')

    choose(field<HTMLSelectElement>(form('Gateway'), 'Provider'), 'bandwidth')
    typeInto(field(form('Gateway'), 'Account id'), '9900')
    click(button(form('Gateway'), 'Save gateway'))
    await settle()
    expect(form('Gateway').textContent).toContain('API user name is required')
    expect(form('Gateway').textContent).toContain('API password is required')
    expect(form('Gateway').textContent).toContain('Application id is required')
    expect(server.sent('PUT')).toHaveLength(0)

    typeInto(field(form('Gateway'), 'API user name'), 'api-user')
    typeInto(field(form('Gateway'), 'API password'), 'pw')
    typeInto(field(form('Gateway'), 'Application id'), 'app-1')
    click(button(form('Gateway'), 'Save gateway'))
    await settle()
    expect(server.sent('PUT')[0]).toMatchObject({
      url: '/api/messaging/gateway',
      body: { enterpriseId: 7, storeId: 3, provider: 'bandwidth', accountSid: '9900', apiUsername: 'api-user', authToken: 'pw', applicationId: 'app-1' },
    })
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')
  })

  it('shows a saved secret without its value, and the server\'s problems on 400', async () => {
    fakeServer(
      base({
        'GET /api/messaging/gateway': { provider: 'twilio', accountSid: 'AC123', hasAuthToken: true },
        'PUT /api/messaging/gateway': json({ message: 'Invalid', errors: ['Twilio refused the credentials'] }, 400),
      }),
    )
    await render()
    expect(field(form('Gateway'), 'Auth token').value).toBe('')
    expect(field(form('Gateway'), 'Auth token').type).toBe('password')
    expect(form('Gateway').textContent).toContain('A secret is saved')
    click(button(form('Gateway'), 'Save gateway'))
    await settle()
    expect(view.container.querySelector('[data-testid="gateway-refusal"]')?.textContent).toContain('Twilio refused the credentials')
  })

  it('sends a test SMS and shows the answer', async () => {
    const server = fakeServer(base({ 'POST /api/lisa/message-config/validate-sms-configuration': { message: 'SMS Sent Successfully.', sid: 'SM1', status: 'queued' } }))
    await render()
    click(button(form('Send a test SMS'), 'Send test SMS'))
    await settle()
    expect(form('Send a test SMS').textContent).toContain('To number is required')
    typeInto(field(form('Send a test SMS'), 'To number'), '+15550104444')
    click(button(form('Send a test SMS'), 'Send test SMS'))
    await settle()
    expect(server.sent('POST').at(-1)).toMatchObject({ body: { storeId: 3, toNumber: '+15550104444' } })
    const sent = view.container.querySelector('[data-testid="test-sms-sent"]')!.textContent
    expect(sent).toContain('SMS Sent Successfully.')
    expect(sent).toContain('SM1')
  })

  it("shows the provider's refusal of a test SMS", async () => {
    fakeServer(base({ 'POST /api/lisa/message-config/validate-sms-configuration': json({ message: 'The number +15550104444 is unverified', errors: [] }, 400) }))
    await render()
    typeInto(field(form('Send a test SMS'), 'To number'), '+15550104444')
    click(button(form('Send a test SMS'), 'Send test SMS'))
    await settle()
    const failed = view.container.querySelector('[data-testid="test-sms-failed"]')!
    expect(failed.getAttribute('role')).toBe('alert')
    expect(failed.textContent).toContain('The number +15550104444 is unverified')
  })

  it('finds numbers, buys one and lists it', async () => {
    let ownedNow: unknown[] = []
    const server = fakeServer(
      base({
        'POST /twilio/list-all-phone-numbers': () => json(ownedNow),
        'GET /api/messaging/numbers/available': [
          { phoneNumber: '+15552010001', display: '(555)-201-0001', locality: 'Harbor', region: 'NY' },
          { phoneNumber: '+15552010002', display: '(555)-201-0002' },
        ],
        'POST /api/messaging/numbers': () => {
          ownedNow = [owned('+15552010002', '(555)-201-0002')]
          return json(ownedNow[0])
        },
      }),
    )
    await render()
    expect(view.container.querySelector('[data-testid="no-numbers"]')).not.toBeNull()
    typeInto(field(form('Find numbers'), 'Area code'), '55')
    click(button(form('Find numbers'), 'Find numbers'))
    await settle()
    expect(form('Find numbers').textContent).toContain('Area code must be 3 digits')
    typeInto(field(form('Find numbers'), 'Area code'), '555')
    click(button(form('Find numbers'), 'Find numbers'))
    await settle()
    expect(server.calls.some((c) => c.url === '/api/messaging/numbers/available?storeId=3&areaCode=555')).toBe(true)
    click(button(view.container, 'Buy (555)-201-0002'))
    await settle()
    expect(server.sent('POST').find((c) => c.url === '/api/messaging/numbers')?.body).toEqual({ storeId: 3, phoneNumber: '+15552010002' })
    const rows = [...view.container.querySelectorAll('table[aria-label="Owned numbers"] tbody tr')].map((tr) => tr.textContent)
    expect(rows).toEqual(['(555)-201-0002simulatorSMS2026-11-01'])
    expect(view.container.querySelector('[data-testid="number-bought"]')?.textContent).toContain('the store now texts from it')
  })

  it("sends and shows Bandwidth's sub-account and location", async () => {
    const BANDWIDTH = { provider: 'bandwidth', accountSid: '9900', apiUsername: 'api-user', applicationId: 'app-1', hasAuthToken: true, siteId: '12345' }
    const server = fakeServer(base({ 'GET /api/messaging/gateway': BANDWIDTH, 'PUT /api/messaging/gateway': BANDWIDTH }))
    await render()
    expect(field(form('Gateway'), 'Sub-account (site) id').value).toBe('12345')
    expect(field(form('Gateway'), 'Location (peer) id').value).toBe('')
    typeInto(field(form('Gateway'), 'Location (peer) id'), ' 678 ')
    click(button(form('Gateway'), 'Save gateway'))
    await settle()
    expect(server.sent('PUT')[0]?.body).toMatchObject({ provider: 'bandwidth', siteId: '12345', locationId: '678' })
    expect(server.sent('PUT')[0]?.body).not.toHaveProperty('authToken')

    // Twilio has neither field, and sends neither.
    choose(field<HTMLSelectElement>(form('Gateway'), 'Provider'), 'twilio')
    expect(form('Gateway').textContent).not.toContain('Sub-account (site) id')
  })

  it('asks a Bandwidth store for an area code before searching', async () => {
    const server = fakeServer(
      base({
        'GET /api/messaging/gateway': { provider: 'bandwidth', accountSid: '9900', apiUsername: 'u', applicationId: 'a', hasAuthToken: true },
        'GET /api/messaging/numbers/available': [],
      }),
    )
    await render()
    expect(form('Find numbers').textContent).toContain('Required: Bandwidth searches numbers by area code.')
    click(button(form('Find numbers'), 'Find numbers'))
    await settle()
    expect(form('Find numbers').textContent).toContain('Give an area code: Bandwidth searches numbers by area code')
    expect(server.calls.some((c) => c.url.startsWith('/api/messaging/numbers/available'))).toBe(false)
    typeInto(field(form('Find numbers'), 'Area code'), '410')
    click(button(form('Find numbers'), 'Find numbers'))
    await settle()
    expect(server.calls.some((c) => c.url === '/api/messaging/numbers/available?storeId=3&areaCode=410')).toBe(true)
  })
})
