import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { getDock, resetChatDock } from '../../lib/chat-dock'
import { announceHandoff, clearHandoffs, getHandoffs, keepHandoff, type Handoff } from '../../lib/handoffs'
import { dismissNotice, getNotices } from '../../lib/notices'
import { setupTestRoot } from '../../test/render'
import { NoticeViewport } from '../notices/notice-viewport'
import { HandoffBell } from './handoff-bell'

const view = setupTestRoot()

afterEach(() => {
  act(() => {
    clearHandoffs()
    for (const notice of getNotices()) dismissNotice(notice.id)
  })
  localStorage.clear()
  resetChatDock()
})

function handoff(id: number, over: Partial<Handoff> = {}): Handoff {
  return { id, title: 'GM HANDOFF', fsiId: 40 + id, storeId: 3, reason: `Workflow: GM_HANDOFF, intent CC ${id}`, at: new Date().toISOString(), read: false, ...over }
}

const bell = () => document.querySelector<HTMLButtonElement>('.handoff-bell__button')!
const items = () => [...document.querySelectorAll<HTMLElement>('.handoff-item')]

describe('HandoffBell', () => {
  it('shows how many handoffs are unread', () => {
    view.render(<HandoffBell />)
    expect(bell().getAttribute('aria-label')).toBe('Handoffs')
    expect(document.querySelector('[data-testid="handoff-unread"]')).toBeNull()
    act(() => {
      keepHandoff(handoff(1))
      keepHandoff(handoff(2, { title: 'Customer HANDOFF' }))
    })
    expect(bell().getAttribute('aria-label')).toBe('Handoffs, 2 unread')
    expect(document.querySelector('[data-testid="handoff-unread"]')?.textContent).toBe('2')
  })

  it('lists the handoffs newest first; one opens its conversation and is read', () => {
    act(() => {
      keepHandoff(handoff(1))
      keepHandoff(handoff(2, { title: 'MD HANDOFF' }))
    })
    view.render(<HandoffBell />)
    act(() => bell().click())
    expect(items().map((li) => li.querySelector('strong')?.textContent)).toEqual(['MD HANDOFF', 'GM HANDOFF'])
    expect(items()[1]!.textContent).toContain('Workflow: GM_HANDOFF, intent CC 1')
    expect(items()[1]!.textContent).toContain('Open conversation #41')

    act(() => items()[1]!.querySelector('button')!.click())
    expect(getDock().boxes.map((b) => b.leadId)).toEqual([41])
    expect(getHandoffs().find((h) => h.id === 1)?.read).toBe(true)
    expect(bell().getAttribute('aria-label')).toBe('Handoffs, 1 unread')
    expect(document.querySelector('.handoff-list')).toBeNull()
  })

  it('marks all read', () => {
    act(() => {
      keepHandoff(handoff(1))
      keepHandoff(handoff(2))
    })
    view.render(<HandoffBell />)
    act(() => bell().click())
    act(() => document.querySelector<HTMLButtonElement>('.handoff-list__read')!.click())
    expect(bell().getAttribute('aria-label')).toBe('Handoffs')
    expect(document.querySelector('.handoff-list__read')).toBeNull()
  })

  it('says when there has been none', () => {
    view.render(<HandoffBell />)
    act(() => bell().click())
    expect(document.querySelector('.handoff-list')?.textContent).toContain('No handoffs since you signed in.')
  })
})

describe('the handoff notice', () => {
  it('is headed by the card’s title, says the reason, and opens the conversation', () => {
    view.render(<NoticeViewport />)
    const card = handoff(7, { title: 'Customer HANDOFF', reason: 'Workflow: CUSTOMER_A_HANDOFF' })
    act(() => {
      keepHandoff(card)
      announceHandoff(card)
    })
    const notice = document.querySelector('[data-testid="notice"]')!
    expect(notice.querySelector('.notice__title')?.textContent).toBe('Customer HANDOFF')
    expect(notice.querySelector('.notice__message')?.textContent).toBe('Workflow: CUSTOMER_A_HANDOFF')
    act(() => notice.querySelector<HTMLButtonElement>('.notice__action')!.click())
    expect(getDock().boxes.map((b) => b.leadId)).toEqual([47])
    expect(getHandoffs()[0]!.read).toBe(true)
    expect(document.querySelector('[data-testid="notice"]')).toBeNull()
  })
})
