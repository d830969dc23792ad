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

  it('titles the CUSTOMER_A_HANDOFF workflow track Customer HANDOFF and folds its body', () => {
    const card = render({
      direction: 'SENT',
      messageType: 'INTERNAL',
      notificationType: 'INTERNAL_NOTIFICATION',
      messageStatus: 'stored',
      subject: 'CUSTOMER_A_HANDOFF',
      content: 'Workflow: CUSTOMER_A_HANDOFF',
    })
    expect(card.getAttribute('data-kind')).toBe('handoff')
    expect(card.querySelector('.chat-msg__sender')?.textContent).toBe('Customer HANDOFF')
    expect(card.querySelector('article')?.getAttribute('aria-label')).toBe('Customer HANDOFF from Service BDC')
    expect(card.querySelector('.chat-msg__body')).toBeNull()
    act(() => card.querySelector<HTMLButtonElement>('.chat-msg__toggle')!.click())
    expect(card.querySelector('.chat-msg__body')?.textContent).toBe('Workflow: CUSTOMER_A_HANDOFF')
  })

  const task = {
    messageType: 'INTERNAL',
    notificationType: 'SCHEDULE_INTERNAL_TASK',
    messageStatus: 'stored',
    subject: 'Call back about the brake quote',
    fromName: 'Robert',
    toName: 'Sarah',
    startTime: '2026-11-23T20:15:00Z',
    content: 'Ask whether Friday works.',
  } satisfies Partial<MessageView>

  it('shows a task: its title, host, guest, time in the store zone and description', () => {
    const card = render(task)
    expect(card.getAttribute('data-kind')).toBe('task')
    expect(card.className).toContain('chat-msg--received')
    expect(card.querySelector('.chat-msg__subject')?.textContent).toBe('Call back about the brake quote')
    const terms = Array.from(card.querySelectorAll('.chat-msg__facts dt')).map((dt) => dt.textContent)
    const facts = Array.from(card.querySelectorAll('.chat-msg__facts dd')).map((dd) => dd.textContent)
    expect(terms).toEqual(['Host', 'Guest', 'Time'])
    expect(facts).toEqual(['Robert', 'Sarah', '3:15 PM'])
    expect(card.querySelector('.chat-msg__body')?.textContent).toBe('Ask whether Friday works.')
    expect(card.querySelector('.chat-msg__to')).toBeNull()
    expect(card.querySelector('[data-testid="delivery-status"]')).toBeNull()
  })

  it('shows dashes for the facts a task lacks', () => {
    const card = render({ ...task, fromName: undefined, toName: undefined, startTime: undefined, messageSentBy: 'rgarcia' })
    const facts = Array.from(card.querySelectorAll('.chat-msg__facts dd')).map((dd) => dd.textContent)
    expect(facts).toEqual(['—', '—', '—'])
  })

  const call = {
    messageType: 'INTERNAL',
    notificationType: 'CALL',
    messageStatus: 'stored',
    fromName: 'rgarcia',
    from: '+15551234567',
    toName: 'Sandra Patel',
    to: '+15559876543',
    startTime: '2026-11-22T14:58:00Z',
    callDuration: 192,
    url: '/media/tok123/call-recording.wav',
    content: 'Outgoing call, 3m 12s',
  } satisfies Partial<MessageView>

  it('shows a call: from, to, start time in the store zone, duration and its recording', () => {
    const card = render(call)
    expect(card.getAttribute('data-kind')).toBe('call')
    expect(card.className).toContain('chat-msg--received')
    expect(card.querySelector('article')?.getAttribute('aria-label')).toBe('Call from rgarcia')
    const terms = Array.from(card.querySelectorAll('.chat-msg__facts dt')).map((dt) => dt.textContent)
    const facts = Array.from(card.querySelectorAll('.chat-msg__facts dd')).map((dd) => dd.textContent)
    expect(terms).toEqual(['From', 'To', 'Start time', 'Duration'])
    expect(facts).toEqual(['rgarcia (555)-123-4567', 'Sandra Patel (555)-987-6543', '9:58 AM', '3 min 12 s'])
    const audio = card.querySelector('audio')!
    expect(audio.getAttribute('src')).toBe('/media/tok123/call-recording.wav')
    expect(audio.getAttribute('aria-label')).toBe('Call recording')
    expect(audio.hasAttribute('controls')).toBe(true)
    expect(audio.getAttribute('preload')).toBe('none')
    expect(card.textContent).not.toContain('No recording')
    expect(card.querySelector('.chat-msg__to')).toBeNull()
    expect(card.querySelector('[data-testid="delivery-status"]')).toBeNull()
  })

  it("shows a text's attachments: pictures as pictures, other files as links with their name", () => {
    const card = render({
      content: 'Here is the photo',
      mediaUrls: [
        'http://127.0.0.1:8080/media/tok1/photo.png',
        'http://127.0.0.1:8080/media/tok2/brochure.pdf',
        'http://127.0.0.1:8080/media/tok3/voicemail.wav',
        'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
        'javascript:alert(1)',
      ],
    })
    const media = card.querySelector('[data-testid="message-media"]')!
    const pictures = Array.from(media.querySelectorAll('img')).map((img) => [img.getAttribute('src'), img.getAttribute('alt')])
    expect(pictures).toEqual([
      ['http://127.0.0.1:8080/media/tok1/photo.png', 'photo.png'],
      // A provider's MMS media has no name: a picture, counted among the message's files.
      ['https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1', 'Attachment 4'],
    ])
    const links = Array.from(media.querySelectorAll('a')).map((a) => [a.getAttribute('href'), a.textContent, a.getAttribute('rel')])
    expect(links).toEqual([
      ['http://127.0.0.1:8080/media/tok2/brochure.pdf', 'brochure.pdf', 'noopener noreferrer'],
      ['http://127.0.0.1:8080/media/tok3/voicemail.wav', 'voicemail.wav', 'noopener noreferrer'],
    ])
    expect(media.innerHTML).not.toContain('javascript:')
  })

  it('turns a picture that cannot be shown into a link with its name', () => {
    const card = render({ mediaUrls: ['/media/tok1/scan.png'] })
    act(() => {
      card.querySelector('img')!.dispatchEvent(new Event('error'))
    })
    expect(card.querySelector('img')).toBeNull()
    expect(card.querySelector('[data-testid="message-media"] a')?.textContent).toBe('scan.png')
  })

  it('shows no media block for a message without attachments', () => {
    expect(render({}).querySelector('[data-testid="message-media"]')).toBeNull()
  })

  it('shows how a call ended and its notes, and a voicemail as a call card', () => {
    const card = render({ ...call, notificationType: 'VOICEMAIL_LEFT', content: 'Outgoing call, 41s, voicemail left\nAsked her to call back.' })
    expect(card.getAttribute('data-kind')).toBe('call')
    const terms = Array.from(card.querySelectorAll('.chat-msg__facts dt')).map((dt) => dt.textContent)
    expect(terms.at(-1)).toBe('Outcome')
    expect(card.querySelector('.chat-msg__facts dd:last-of-type')?.textContent).toBe('voicemail left')
    expect(card.querySelector('.chat-msg__call-notes')?.textContent).toBe('Asked her to call back.')
  })

  it('plays recordings kept elsewhere and says when a call has none', () => {
    const remote = render({ ...call, url: 'https://recordings.example.com/c/42.mp3', callDuration: 3725 })
    expect(remote.querySelector('audio')?.getAttribute('src')).toBe('https://recordings.example.com/c/42.mp3')
    expect(remote.querySelectorAll('.chat-msg__facts dd')[3]?.textContent).toBe('1 h 02 min 05 s')

    const none = render({ ...call, url: undefined, callDuration: 45, from: undefined })
    expect(none.querySelector('audio')).toBeNull()
    expect(none.querySelector('.chat-msg__no-recording')?.textContent).toBe('No recording')
    const facts = Array.from(none.querySelectorAll('.chat-msg__facts dd')).map((dd) => dd.textContent)
    expect(facts[0]).toBe('rgarcia')
    expect(facts[3]).toBe('45 s')

    const unsafe = render({ ...call, url: 'javascript:alert(1)', callDuration: undefined })
    expect(unsafe.querySelector('audio')).toBeNull()
    expect(unsafe.querySelector('.chat-msg__no-recording')?.textContent).toBe('No recording')
    expect(unsafe.querySelectorAll('.chat-msg__facts dd')[3]?.textContent).toBe('—')
  })

  it('offers no options menu on calls and tasks, even to privileged users', () => {
    /** Whether the card of a message with `extra` shows the options menu to a privileged user. */
    const hasMenu = (extra: Partial<MessageView>) => {
      view.render(
        <QueryClientProvider client={new QueryClient()}>
          <ol>
            <MessageCard
              leadId={3}
              message={messageFixture({ createdOn: '2026-11-22T15:05:00Z', ...extra })}
              timeZone="America/New_York"
              now={now}
              privileged
              enterpriseStyle={false}
              onArchive={() => undefined}
            />
          </ol>
        </QueryClientProvider>,
      )
      return view.container.querySelector('[data-testid="message-options"]') !== null
    }
    expect(hasMenu(call)).toBe(false)
    expect(hasMenu(task)).toBe(false)
    // The Customer HANDOFF may be archived, like the other handoffs.
    const customerHandoff = { messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION', subject: 'CUSTOMER_A_HANDOFF' }
    expect(hasMenu(customerHandoff)).toBe(true)
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
