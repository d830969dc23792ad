import { act, createElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { setupTestRoot } from '../test/render'
import { getDock, resetChatDock } from './chat-dock'
import {
  clearHandoffs,
  getHandoffs,
  keepHandoff,
  markAllHandoffsRead,
  markHandoffRead,
  parseHandoffEvent,
  unreadHandoffCount,
  useHandoffNotifications,
  type Handoff,
} from './handoffs'
import { dismissNotice, getNotices } from './notices'
import type { RealtimeClient, RealtimeEvent, RealtimeListener } from './realtime'

const view = setupTestRoot()

afterEach(() => {
  clearHandoffs()
  for (const notice of getNotices()) dismissNotice(notice.id)
  localStorage.clear()
  resetChatDock()
})

function handoffEvent(over: { title?: string; fsiId?: number; reason?: string; noteId?: number } = {}): RealtimeEvent {
  return {
    event: 'handoff',
    data: {
      type: 'HANDOFF',
      handoff: { title: over.title ?? 'GM HANDOFF', fsiId: over.fsiId ?? 41, storeId: 3, reason: over.reason ?? 'Workflow: GM_HANDOFF, intent CC' },
      message: { id: over.noteId ?? 900, createdOn: '2026-11-25T19:05:00Z', content: 'Workflow: GM_HANDOFF, intent CC', storeId: 3 },
    },
  }
}

function handoff(id: number, over: Partial<Handoff> = {}): Handoff {
  return { id, title: 'MD HANDOFF', fsiId: 40 + id, storeId: 3, reason: 'Workflow: MD_HANDOFF, intent VI', at: '2026-11-25T19:00:00Z', read: false, ...over }
}

/** A stand-in for the stream: `emit` hands an event to every subscriber. */
function fakeStream() {
  const listeners = new Set<RealtimeListener>()
  const client = {
    subscribe: (listener: RealtimeListener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  } as unknown as RealtimeClient
  return { client, listeners, emit: (event: RealtimeEvent) => act(() => listeners.forEach((l) => l(event))) }
}

function Listener({ enabled, client }: { enabled: boolean; client: RealtimeClient }) {
  useHandoffNotifications(enabled, client)
  return null
}

describe('parseHandoffEvent', () => {
  it('reads the card of an `event: handoff`', () => {
    expect(parseHandoffEvent(handoffEvent())).toEqual({
      id: 900,
      title: 'GM HANDOFF',
      fsiId: 41,
      storeId: 3,
      reason: 'Workflow: GM_HANDOFF, intent CC',
      at: '2026-11-25T19:05:00Z',
      read: false,
    })
    expect(parseHandoffEvent(handoffEvent({ title: 'Customer HANDOFF', reason: 'Workflow: <b>CUSTOMER_A_HANDOFF</b>' }))).toMatchObject({
      title: 'Customer HANDOFF',
      reason: 'Workflow: CUSTOMER_A_HANDOFF',
    })
  })

  it('ignores other events and cards without a title or lead', () => {
    expect(parseHandoffEvent({ event: 'message', data: { type: 'message.created', message: { id: 1 } } })).toBeNull()
    expect(parseHandoffEvent({ event: 'handoff', data: { type: 'lead.counts' } })).toBeNull()
    expect(parseHandoffEvent({ event: 'handoff', data: { type: 'HANDOFF', handoff: { title: '', fsiId: 4 } } })).toBeNull()
    expect(parseHandoffEvent({ event: 'handoff', data: { type: 'HANDOFF', handoff: { title: 'GM HANDOFF' } } })).toBeNull()
  })

  it('gives a card without its note a local id and the time it arrived', () => {
    const parsed = parseHandoffEvent({ event: 'handoff', data: { type: 'HANDOFF', handoff: { title: 'GM HANDOFF', fsiId: 4, storeId: 1, reason: 'x' } } }, Date.parse('2026-11-25T10:00:00Z'))
    expect(parsed?.id).toBeLessThan(0)
    expect(parsed?.at).toBe('2026-11-25T10:00:00.000Z')
  })
})

describe('the unread list', () => {
  it('keeps each handoff once, newest first, at most 20', () => {
    expect(keepHandoff(handoff(1))).toBe(true)
    expect(keepHandoff(handoff(1))).toBe(false)
    for (let id = 2; id <= 25; id++) keepHandoff(handoff(id))
    expect(getHandoffs()).toHaveLength(20)
    expect(getHandoffs()[0]!.id).toBe(25)
    expect(unreadHandoffCount(getHandoffs())).toBe(20)
  })

  it('marks one or all read', () => {
    keepHandoff(handoff(1))
    keepHandoff(handoff(2))
    markHandoffRead(1)
    expect(unreadHandoffCount(getHandoffs())).toBe(1)
    markAllHandoffsRead()
    expect(unreadHandoffCount(getHandoffs())).toBe(0)
  })
})

describe('useHandoffNotifications', () => {
  it('announces each new handoff with the card’s title, its reason and a button that opens the conversation', () => {
    const stream = fakeStream()
    view.render(createElement(Listener, { enabled: true, client: stream.client }))
    stream.emit(handoffEvent())
    stream.emit(handoffEvent()) // the same note again
    stream.emit({ event: 'job', data: { type: 'job.updated', run: { id: 1 } } })

    expect(getNotices()).toHaveLength(1)
    const notice = getNotices()[0]!
    expect(notice).toMatchObject({ type: 'warning', title: 'GM HANDOFF', message: 'Workflow: GM_HANDOFF, intent CC' })
    expect(notice.action?.label).toBe('Open conversation')
    expect(unreadHandoffCount(getHandoffs())).toBe(1)

    notice.action!.onClick()
    expect(getDock().boxes.map((b) => b.leadId)).toEqual([41])
    expect(getDock().focusedId).toBe(41)
    expect(unreadHandoffCount(getHandoffs())).toBe(0)
  })

  it('listens only while signed in, and forgets the list on sign-out', () => {
    const stream = fakeStream()
    view.render(createElement(Listener, { enabled: false, client: stream.client }))
    expect(stream.listeners.size).toBe(0)
    view.render(createElement(Listener, { enabled: true, client: stream.client }))
    stream.emit(handoffEvent({ title: 'MD HANDOFF' }))
    expect(getHandoffs()).toHaveLength(1)
    view.render(createElement(Listener, { enabled: false, client: stream.client }))
    expect(stream.listeners.size).toBe(0)
    expect(getHandoffs()).toHaveLength(0)
  })
})
