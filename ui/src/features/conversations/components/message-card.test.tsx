import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MessageView } from '../../../lib/message-events'
import { getNotices } from '../../../lib/notices'
import { messageFixture } from '../../../test/message-fixture'
import { setupTestRoot } from '../../../test/render'
import { MessageCard } from './message-card'

const view = setupTestRoot()
const now = Date.parse('2026-11-22T19:00:00Z')

function render(extra: Partial<MessageView>, { enterpriseStyle = false } = {}) {
  view.render(
    <ol>
      <MessageCard
        leadId={3}
        message={messageFixture({ createdOn: '2026-11-22T15:05:00Z', fromName: 'Service BDC', toName: 'Sandra Patel', ...extra })}
        timeZone="America/New_York"
        now={now}
        privileged={false}
        enterpriseStyle={enterpriseStyle}
        onArchive={() => undefined}
      />
    </ol>,
  )
  return view.container.querySelector('li')!
}

describe('MessageCard', () => {
  it('shows a staff text on the sent side: sender, store time, TO label and delivery status', () => {
    const card = render({})
    expect(card.className).toContain('chat-msg--sent')
    expect(card.querySelector('.chat-msg__sender')?.textContent).toBe('Service BDC')
    expect(card.querySelector('time')?.textContent).toBe('10:05 AM')
    expect(card.querySelector('.chat-msg__to')?.textContent).toBe('TO: Sandra Patel')
    expect(card.querySelector('[data-testid="delivery-status"]')?.getAttribute('data-icon')).toBe('double-check')
    expect(card.querySelector('[data-testid="message-options"]')).toBeNull()
  })

  it('leaves the TO label out for enterprise users, and the status out on customer messages', () => {
    expect(render({}, { enterpriseStyle: true }).querySelector('.chat-msg__to')).toBeNull()
    const received = render({ direction: 'RECEIVED', notificationType: 'MESSAGE_FROM_CUSTOMER', messageStatus: 'received' })
    expect(received.className).toContain('chat-msg--received')
    expect(received.querySelector('[data-testid="delivery-status"]')).toBeNull()
    expect(received.querySelector('.chat-msg__to')).toBeNull()
  })

  it('renders the body as sanitised HTML', () => {
    const card = render({ content: '<p>Hi <b>Sandra</b></p><img src=x onerror="alert(1)"><script>alert(2)</script>' })
    const body = card.querySelector('.chat-msg__body')!
    expect(body.innerHTML).toBe('<p>Hi <b>Sandra</b></p><img src="x">')
  })

  it('marks RESTRICTED texts red and explains failures on hover', () => {
    expect(render({ messageStatus: 'RESTRICTED' }).className).toContain('chat-msg--restricted')
    const failed = render({ messageStatus: 'failed' }).querySelector('[data-testid="delivery-status"]')!
    expect(failed.getAttribute('title')).toBe('Unknown error')
  })

  it('shows e-mail subjects and calendar invite facts', () => {
    expect(render({ messageType: 'EMAIL', subject: 'Service due' }).querySelector('.chat-msg__subject')?.textContent).toBe(
      'Subject: Service due',
    )
    const invite = render({
      messageType: 'CALENDAR_INVITE',
      subject: 'Test Drive Appointment',
      fromName: 'Robert',
      toName: 'Sarah',
      startTime: '2026-11-23T15:30:00Z',
    })
    const facts = Array.from(invite.querySelectorAll('.chat-msg__facts dd')).map((dd) => dd.textContent)
    expect(facts).toEqual(['Test Drive Appointment', 'Robert', 'Sarah', '10:30 AM'])
  })

  it('folds a handoff body under its title', () => {
    const card = render({ notificationType: 'INTERNAL_NOTIFICATION_GM_FOLLOW_UP', messageType: 'EMAIL', content: 'Call the customer' })
    expect(card.querySelector('.chat-msg__sender')?.textContent).toBe('GM HANDOFF II')
    expect(card.querySelector('.chat-msg__body')).toBeNull()
    const toggle = card.querySelector<HTMLButtonElement>('.chat-msg__toggle')!
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    act(() => toggle.click())
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(card.querySelector('.chat-msg__body')?.textContent).toBe('Call the customer')
  })

  it('shows internal notes as note cards, greyed when archived', () => {
    const note = render({ messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES', archived: true })
    expect(note.getAttribute('data-kind')).toBe('note')
    expect(note.className).toContain('is-archived')
    expect(note.querySelector('[data-testid="delivery-status"]')).toBeNull()
  })
})

describe('MessageCard note timer', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const writtenAt = '2026-11-22T15:00:00Z'
  const note = (extra: Partial<MessageView> = {}) =>
    messageFixture({
      id: 9,
      createdOn: writtenAt,
      messageType: 'INTERNAL_NOTES',
      notificationType: 'INTERNAL_NOTES',
      messageStatus: 'stored',
      fromName: 'rgarcia',
      messageSentBy: 'rgarcia',
      content: 'Customer prefers a call',
      ...extra,
    })

  /** The note card as the conversation log gives it the note timer, signed in as `username`. */
  function renderNote(message: MessageView, { username = 'rgarcia', others = [] as MessageView[] } = {}) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    view.render(
      <QueryClientProvider client={client}>
        <ol>
          <MessageCard
            leadId={3}
            message={message}
            now={Date.now()}
            privileged
            enterpriseStyle={false}
            onArchive={() => undefined}
            noteUndo={{ messages: [message, ...others], currentUsername: username }}
          />
        </ol>
      </QueryClientProvider>,
    )
    return client
  }

  const undoButton = () => view.container.querySelector<HTMLButtonElement>('[data-testid="note-undo"]')
  const at = (seconds: number) => vi.setSystemTime(Date.parse(writtenAt) + seconds * 1000)
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))

  it("offers the author's fresh note an undo that counts down every second and goes at 0", () => {
    vi.useFakeTimers()
    at(0)
    renderNote(note())
    const button = undoButton()!
    expect(button.tagName).toBe('BUTTON')
    expect(button.type).toBe('button') // a real button: reachable with Tab, pressed with Enter or Space
    expect(button.textContent).toBe('Undo (40s)')
    expect(button.getAttribute('aria-label')).toBe('Undo note, 40 seconds left')

    wait(1000)
    expect(undoButton()?.textContent).toBe('Undo (39s)')
    wait(38_000)
    expect(undoButton()?.textContent).toBe('Undo (1s)')
    expect(undoButton()?.getAttribute('aria-label')).toBe('Undo note, 1 second left')
    wait(1000)
    expect(undoButton()).toBeNull()
  })

  it('is absent on an expired note', () => {
    vi.useFakeTimers()
    at(41)
    renderNote(note())
    expect(view.container.querySelector('[data-kind="note"]')).not.toBeNull()
    expect(undoButton()).toBeNull()
  })

  it("is absent on another author's fresh note", () => {
    vi.useFakeTimers()
    at(5)
    renderNote(note(), { username: 'mchen' })
    expect(undoButton()).toBeNull()
  })

  it('is absent once the customer has written after the note', () => {
    vi.useFakeTimers()
    at(5)
    const reply = messageFixture({
      id: 10,
      createdOn: '2026-11-22T15:00:03Z',
      direction: 'RECEIVED',
      notificationType: 'MESSAGE_FROM_CUSTOMER',
    })
    renderNote(note(), { others: [reply] })
    expect(undoButton()).toBeNull()
  })

  it('undoes the note through the API and refetches the conversation', async () => {
    const answer = new Response(JSON.stringify({ message: 'Note undone' }), { headers: { 'Content-Type': 'application/json' } })
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer)
    const client = renderNote(note({ createdOn: new Date().toISOString() }))
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    act(() => undoButton()!.click())
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/svc-message-instance/note/undo?message_instance_id=9')
    expect(init.method).toBe('PUT')
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversations', 'history', 3] })
    expect(getNotices().some((n) => n.message === 'Note undone')).toBe(true)
  })
})
