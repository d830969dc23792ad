import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../../lib/config'
import { messageFixture } from '../../../test/message-fixture'
import { setupTestRoot, typeInto } from '../../../test/render'
import { button, click, dealRoomLead, fakeServer, json, LINK_QUERY, LINK_SEARCH, settle, testQueryClient } from '../test/deal-room-fixtures'
import { DealRoomScreen } from './deal-room-screen'
import type { LinkedLogProps, LinkedOptionsProps, LinkedTemplatesProps } from './linked-slots'
import { ServiceLandingScreen } from './service-landing-screen'
import { accessWith } from '../../../test/access'

const view = setupTestRoot()

const LEAD = 'GET /servicedealroom/future-service-interaction'
const HISTORY = 'GET /servicedealroom/conversationHistory'
const SEND = 'POST /servicedealroom/send'

/** Stands in for the conversations feature's log: the messages it is given, and whether staff options were asked for. */
function StubLog({ messages, isPending, staff, lead, timeZone }: LinkedLogProps) {
  return (
    <ol data-testid="log" data-pending={isPending} data-staff={staff} data-dt={lead?.dtDialogEnabled} data-zone={timeZone}>
      {messages?.map((m) => (
        <li key={m.id} data-testid="log-message">
          {m.content}
        </li>
      ))}
    </ol>
  )
}

const applyTemplate = vi.fn<(props: LinkedTemplatesProps) => void>()
function StubTemplates(props: LinkedTemplatesProps) {
  applyTemplate(props)
  return (
    <button type="button" onClick={() => props.onApply('Your {{car}} is ready')}>
      Apply template
    </button>
  )
}

const optionsFor = vi.fn<(props: LinkedOptionsProps) => void>()
function StubOptions(props: LinkedOptionsProps) {
  optionsFor(props)
  return (
    <button type="button" onClick={props.onChanged}>
      Options
    </button>
  )
}

afterEach(() => {
  localStorage.clear()
  applyTemplate.mockReset()
  optionsFor.mockReset()
})

async function renderDealRoom(link = LINK_SEARCH) {
  view.render(
    <QueryClientProvider client={testQueryClient()}>
      <DealRoomScreen search={link} conversationLog={StubLog} templatePicker={StubTemplates} options={StubOptions} />
    </QueryClientProvider>,
  )
  await settle()
}

const text = (testId: string) => view.container.querySelector(`[data-testid="${testId}"]`)?.textContent
const messages = () => [...view.container.querySelectorAll('[data-testid="log-message"]')].map((li) => li.textContent)

describe('DealRoomScreen', () => {
  it("shows the customer's name and phone and the conversation, asking with the link's parameters", async () => {
    const server = fakeServer({
      [LEAD]: dealRoomLead(),
      [HISTORY]: [messageFixture({ id: 1, content: 'Hello Dana' }), messageFixture({ id: 2, content: 'Thanks!', direction: 'RECEIVED' })],
    })
    await renderDealRoom()
    expect(text('deal-room-name')).toBe('Dana Reyes')
    expect(text('deal-room-phone')).toBe('(555)-201-3344')
    expect(messages()).toEqual(['Hello Dana', 'Thanks!'])
    const log = view.container.querySelector('[data-testid="log"]')!
    expect(log.getAttribute('data-staff')).toBe('false')
    expect(log.getAttribute('data-zone')).toBe('America/Chicago')
    expect(server.calls.map((c) => c.url)).toEqual([
      `/servicedealroom/future-service-interaction?${LINK_QUERY}`,
      `/servicedealroom/conversationHistory?${LINK_QUERY}`,
    ])
    // No staff session: no template picker.
    expect(view.container.querySelector('[data-testid="linked-templates"]')).toBeNull()
  })

  it('shows a spinner while the deal room loads', () => {
    fakeServer({ [LEAD]: () => new Promise<Response>(() => undefined) })
    view.render(
      <QueryClientProvider client={testQueryClient()}>
        <DealRoomScreen search={LINK_SEARCH} conversationLog={StubLog} />
      </QueryClientProvider>,
    )
    expect(view.container.querySelector('[data-testid="deal-room-loading"] [role="status"]')).not.toBeNull()
  })

  it("sends the message with the link's parameters, and the sent message joins the conversation", async () => {
    const sent = messageFixture({ id: 3, content: 'See you at 3' })
    const first = messageFixture({ id: 1, content: 'Hello Dana' })
    let stored = [first]
    const server = fakeServer({
      [LEAD]: dealRoomLead(),
      [HISTORY]: () => json(stored),
      [SEND]: () => {
        stored = [first, sent]
        return json(sent)
      },
    })
    await renderDealRoom()
    const input = view.container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!
    typeInto(input, '  See you at 3 ')
    click(button(view.container, 'Send'))
    await settle()
    const posts = server.to('POST', '/servicedealroom/send')
    expect(posts).toHaveLength(1)
    expect(posts[0]?.url).toBe(`/servicedealroom/send?${LINK_QUERY}`)
    expect(posts[0]?.body).toEqual({ content: 'See you at 3' })
    expect(messages()).toContain('See you at 3')
    expect(input.value).toBe('')
  })

  it('does not send an empty message', async () => {
    const server = fakeServer({ [LEAD]: dealRoomLead(), [HISTORY]: [] })
    await renderDealRoom()
    const input = view.container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!
    typeInto(input, '   ')
    expect(button(view.container, 'Send').disabled).toBe(true)
    act(() => view.container.querySelector('form')!.requestSubmit())
    await settle()
    expect(server.to('POST', '/servicedealroom/send')).toHaveLength(0)
  })

  it('shows the server\'s words when the page may not send', async () => {
    fakeServer({ [LEAD]: dealRoomLead(), [HISTORY]: [], [SEND]: json({ message: 'This conversation is closed' }, 403) })
    await renderDealRoom()
    typeInto(view.container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!, 'Hi')
    click(button(view.container, 'Send'))
    await settle()
    expect(text('send-error')).toBe('This conversation is closed')
  })

  it('has no editor when the link may not send', async () => {
    fakeServer({ [LEAD]: dealRoomLead({ canSend: false }), [HISTORY]: [messageFixture({ content: 'Hello Dana' })] })
    await renderDealRoom()
    expect(messages()).toEqual(['Hello Dana'])
    expect(view.container.querySelector('textarea')).toBeNull()
    expect(view.container.querySelector('form')).toBeNull()
  })

  it.each([
    ['a changed link', 'This link is not valid'],
    ['an expired link', 'This link has expired: ask the dealership for a new one'],
  ])('shows only the server\'s words for %s (403)', async (_case, message) => {
    const server = fakeServer({ [LEAD]: json({ message }, 403), [HISTORY]: [] })
    await renderDealRoom()
    expect(text('link-refused-text')).toBe(message)
    expect(view.container.querySelector('[data-testid="log"]')).toBeNull()
    expect(view.container.querySelector('textarea')).toBeNull()
    // The conversation is not asked for once the link is refused.
    expect(server.to('GET', '/servicedealroom/conversationHistory')).toHaveLength(0)
  })

  it('shows the full-page message when the conversation is refused', async () => {
    fakeServer({ [LEAD]: dealRoomLead(), [HISTORY]: json({ message: 'This link has expired: ask the dealership for a new one' }, 403) })
    await renderDealRoom()
    expect(text('link-refused-text')).toBe('This link has expired: ask the dealership for a new one')
    expect(view.container.querySelector('[data-testid="deal-room-name"]')).toBeNull()
  })

  it.each([
    ['are missing', { token: 'sig-abc_123' }],
    ['name no lead by number', { ...LINK_SEARCH, futureServiceInteractionId: '42abc' }],
  ])('says the link is not valid when its parameters %s, asking nothing', async (_, search) => {
    const server = fakeServer({})
    view.render(
      <QueryClientProvider client={testQueryClient()}>
        <DealRoomScreen search={search} conversationLog={StubLog} />
      </QueryClientProvider>,
    )
    await settle()
    expect(text('link-refused-text')).toBe('This link is not valid')
    expect(server.calls).toHaveLength(0)
  })

  it('gives a visitor with a staff session the staff options and the template picker, which fills the editor', async () => {
    localStorage.setItem(
      STORAGE_KEYS.userData,
      JSON.stringify({ authToken: 'tok', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), roles: ['SUPER_USER'], empLevel: 'STORE', access: accessWith({ manager: true, messageOptions: true }) }),
    )
    fakeServer({ [LEAD]: dealRoomLead({ dtDialogEnabled: true }), [HISTORY]: [] })
    await renderDealRoom()
    const log = view.container.querySelector('[data-testid="log"]')!
    expect(log.getAttribute('data-staff')).toBe('true')
    expect(log.getAttribute('data-dt')).toBe('true')
    expect(applyTemplate).toHaveBeenCalledWith(expect.objectContaining({ leadId: 42 }))
    click(button(view.container, 'Apply template'))
    expect(view.container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!.value).toBe('Your {{car}} is ready')
  })

  it("gives a staff visitor the conversation's options (handoffs, AI switch), which refresh the room, and a Logout link", async () => {
    localStorage.setItem(
      STORAGE_KEYS.userData,
      JSON.stringify({ authToken: 'tok', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), roles: ['OFFICE_MANAGER'], empLevel: 'STORE', access: accessWith({ manager: true }) }),
    )
    const server = fakeServer({ [LEAD]: dealRoomLead({ aiEnabled: true }), [HISTORY]: [] })
    await renderDealRoom()
    expect(optionsFor).toHaveBeenCalledWith(expect.objectContaining({ leadId: 42, lead: { aiEnabled: true, dtDialogEnabled: false } }))
    const before = server.calls.length
    click(button(view.container, 'Options'))
    await settle()
    expect(server.calls.length).toBeGreaterThan(before)
    expect(button(view.container, 'Logout')).toBeTruthy()
  })

  it('gives a customer neither the options nor Logout', async () => {
    fakeServer({ [LEAD]: dealRoomLead(), [HISTORY]: [] })
    await renderDealRoom()
    expect(optionsFor).not.toHaveBeenCalled()
    expect([...view.container.querySelectorAll('button')].some((b) => b.textContent === 'Logout')).toBe(false)
  })
})

describe('ServiceLandingScreen', () => {
  it('shows the store and the conversation, read-only', async () => {
    const server = fakeServer({ [LEAD]: dealRoomLead(), [HISTORY]: [messageFixture({ content: 'Your car is ready.' })] })
    localStorage.setItem(
      STORAGE_KEYS.userData,
      JSON.stringify({ authToken: 'tok', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), roles: ['SUPER_USER'], empLevel: 'STORE', access: accessWith({ manager: true, messageOptions: true }) }),
    )
    view.render(
      <QueryClientProvider client={testQueryClient()}>
        <ServiceLandingScreen search={LINK_SEARCH} conversationLog={StubLog} />
      </QueryClientProvider>,
    )
    await settle()
    expect(text('service-landing-store')).toBe('Harbor Toyota')
    expect(messages()).toEqual(['Your car is ready.'])
    expect(view.container.querySelector('[data-testid="log"]')?.getAttribute('data-staff')).toBe('false')
    expect(view.container.querySelector('textarea, form')).toBeNull()
    expect(server.calls.every((c) => c.method === 'GET')).toBe(true)
    expect(server.calls[1]?.url).toBe(`/servicedealroom/conversationHistory?${LINK_QUERY}`)
  })

  it("shows only the server's words for a refused link", async () => {
    fakeServer({ [LEAD]: json({ message: 'This link is not valid' }, 403) })
    view.render(
      <QueryClientProvider client={testQueryClient()}>
        <ServiceLandingScreen search={LINK_SEARCH} conversationLog={StubLog} />
      </QueryClientProvider>,
    )
    await settle()
    expect(text('link-refused-text')).toBe('This link is not valid')
    expect(view.container.querySelector('[data-testid="log"]')).toBeNull()
  })
})
