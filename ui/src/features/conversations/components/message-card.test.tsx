import { act } from 'react'
import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../../lib/message-events'
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
