import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { getNotices } from '../../../lib/notices'
import { setupTestRoot, typeInto } from '../../../test/render'
import { adminStore, button, type Call, choose, click, fakeServer, field, json, settle, testQueryClient } from '../test/admin-fixtures'
import { AssistantsPanel } from './assistants-panel'

const view = setupTestRoot()

async function render() {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <AssistantsPanel enterpriseId={7} />
    </QueryClientProvider>,
  )
  await settle()
}

const STORES = [adminStore(), adminStore({ id: 4, storeCode: 'S101', storeName: 'Harbor Ford' })]
const assistant = (extra: Record<string, unknown> = {}) => ({
  id: 11,
  bocIdPk: 1,
  storeIdPk: 3,
  divisionId: 'DIV004',
  agentFirstName: 'Ava',
  agentLastName: 'Lane',
  agentPhoneNumber: '+15550107777',
  email: 'ava@harbor.example',
  initializerProcessEnabled: true,
  isActive: true,
  ...extra,
})
const dialog = () => view.container.querySelector<HTMLFormElement>('dialog form')!
const rows = () => [...view.container.querySelectorAll('table[aria-label="Assistants"] tbody tr')]

describe('AssistantsPanel', () => {
  it("lists the enterprise's assistants with their store names, explains the switches and names stores without one", async () => {
    const server = fakeServer({ 'GET /api/enterprise/7/stores': STORES, 'GET /assistant/v2/getassistlist': [assistant()] })
    await render()
    expect(server.calls.some((c) => c.url === '/assistant/v2/getassistlist')).toBe(true)
    expect(rows()).toHaveLength(1)
    expect(rows()[0]!.textContent).toContain('Harbor Toyota (S100)')
    expect(rows()[0]!.textContent).toContain('Service')
    expect(rows()[0]!.textContent).toContain('Ava Lane')
    expect(view.container.textContent).toContain('when off, the store gets no automated replies')
    expect(view.container.textContent).toContain("when off, bulk initiation won't start conversations for the store")
    expect(view.container.querySelector('[data-testid="stores-without-assistant"]')?.textContent).toContain('Harbor Ford')
  })

  it('switches replies off with the whole assistant in the body', async () => {
    let current = assistant()
    const server = fakeServer({
      'GET /api/enterprise/7/stores': STORES,
      'GET /assistant/v2/getassistlist': () => json([current]),
      'PUT /api/assistant/11': (call: Call) => {
        current = { ...current, ...(call.body as object) }
        return json(current)
      },
    })
    await render()
    const replies = view.container.querySelector<HTMLButtonElement>('[role="switch"][aria-label="Replies for Harbor Toyota (S100)"]')!
    expect(replies.getAttribute('aria-checked')).toBe('true')
    click(replies)
    await settle()
    expect(server.sent('PUT')[0]).toMatchObject({
      url: '/api/assistant/11',
      body: { divisionId: 'DIV004', agentFirstName: 'Ava', agentLastName: 'Lane', isActive: false, initializerProcessEnabled: true },
    })
    expect(view.container.querySelector('[role="switch"][aria-label="Replies for Harbor Toyota (S100)"]')!.getAttribute('aria-checked')).toBe('false')
    expect(getNotices().at(-1)?.message).toBe('Successfully Updated')

    click(view.container.querySelector<HTMLButtonElement>('[role="switch"][aria-label="Starts conversations for Harbor Toyota (S100)"]')!)
    await settle()
    expect(server.sent('PUT')[1]?.body).toMatchObject({ isActive: false, initializerProcessEnabled: false })
  })

  it('checks a new assistant before sending, then creates it for the store picked (Service by default)', async () => {
    const server = fakeServer({
      'GET /api/enterprise/7/stores': STORES,
      'GET /assistant/v2/getassistlist': [],
      'POST /api/assistant': assistant({ storeIdPk: 4 }),
    })
    await render()
    click(button(view.container, 'New assistant'))
    await settle()
    typeInto(field(dialog(), 'Phone number'), '555-0107')
    typeInto(field(dialog(), 'E-mail'), 'ava-at-harbor')
    click(button(dialog(), 'Create assistant'))
    await settle()
    const text = dialog().textContent
    expect(text).toContain('First name is required')
    expect(text).toContain('Last name is required')
    expect(text).toContain('must have 10 digits (or 11 starting with 1)')
    expect(text).toContain('is not an e-mail address')
    expect(server.sent('POST')).toHaveLength(0)

    choose(field<HTMLSelectElement>(dialog(), 'Store'), '4')
    typeInto(field(dialog(), 'First name'), ' Ava ')
    typeInto(field(dialog(), 'Last name'), 'Lane')
    typeInto(field(dialog(), 'Phone number'), '1 (555) 010-7777')
    typeInto(field(dialog(), 'E-mail'), 'ava@harbor.example')
    click(button(dialog(), 'Create assistant'))
    await settle()
    expect(server.sent('POST')[0]).toMatchObject({
      url: '/api/assistant',
      body: {
        storeId: 4,
        divisionId: 'DIV004',
        agentFirstName: 'Ava',
        agentLastName: 'Lane',
        agentPhoneNumber: '1 (555) 010-7777',
        email: 'ava@harbor.example',
        isActive: true,
        initializerProcessEnabled: true,
      },
    })
    expect(getNotices().at(-1)?.message).toBe('Successfully Created')
  })

  it("shows every problem of a 400 and the 409 of a store's second assistant", async () => {
    let answer = json({ message: 'Invalid', errors: ['agentFirstName is required', 'agentPhoneNumber "x" is not a phone number'] }, 400)
    fakeServer({
      'GET /api/enterprise/7/stores': STORES,
      'GET /assistant/v2/getassistlist': [assistant()],
      'POST /api/assistant': () => answer,
    })
    await render()
    click(button(view.container, 'New assistant'))
    await settle()
    typeInto(field(dialog(), 'First name'), 'Bo')
    typeInto(field(dialog(), 'Last name'), 'Reed')
    click(button(dialog(), 'Create assistant'))
    await settle()
    const refusal = () => view.container.querySelector('[data-testid="form-refusal"]')!
    expect(refusal().textContent).toContain('the server found 2 problems')
    expect([...refusal().querySelectorAll('li')].map((li) => li.textContent)).toEqual(['agentFirstName is required', 'agentPhoneNumber "x" is not a phone number'])

    answer = json({ message: 'The store already has an assistant for DIV004', errors: [] }, 409)
    click(button(dialog(), 'Create assistant'))
    await settle()
    expect(refusal().textContent).toContain('The store already has an assistant for DIV004')
  })

  it('edits an assistant, keeping its store and division', async () => {
    const server = fakeServer({
      'GET /api/enterprise/7/stores': STORES,
      'GET /assistant/v2/getassistlist': [assistant()],
      'PUT /api/assistant/11': assistant({ agentLastName: 'Hart' }),
    })
    await render()
    click(button(view.container, 'Edit Ava Lane'))
    await settle()
    expect(dialog().textContent).toContain('an assistant keeps its store and division')
    typeInto(field(dialog(), 'Last name'), 'Hart')
    click(button(dialog(), 'Save'))
    await settle()
    expect(server.sent('PUT')[0]).toMatchObject({ url: '/api/assistant/11', body: { storeId: 3, divisionId: 'DIV004', agentLastName: 'Hart', agentPhoneNumber: '+15550107777' } })
  })
})
