import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, createElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../test/render'
import { getDock, resetChatDock } from './chat-dock'
import { handoffKeys, parseHandoffEvent, useHandoffNotifications } from './handoffs'
import { dismissNotice, getNotices } from './notices'
import type { RealtimeClient, RealtimeEvent, RealtimeListener } from './realtime'

const view = setupTestRoot()

afterEach(() => {
  for (const notice of getNotices()) dismissNotice(notice.id)
  localStorage.clear()
  resetChatDock()
  vi.restoreAllMocks()
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

function renderListener(queryClient: QueryClient, enabled: boolean, client: RealtimeClient) {
  view.render(createElement(QueryClientProvider, { client: queryClient }, createElement(Listener, { enabled, client })))
}

describe('parseHandoffEvent', () => {
  it('reads the card of an `event: handoff`', () => {
    expect(parseHandoffEvent(handoffEvent())).toEqual({ title: 'GM HANDOFF', fsiId: 41, messageId: 900, reason: 'Workflow: GM_HANDOFF, intent CC' })
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

  it('reads a card without its note', () => {
    expect(parseHandoffEvent({ event: 'handoff', data: { type: 'HANDOFF', handoff: { title: 'GM HANDOFF', fsiId: 4, storeId: 1, reason: 'x' } } })?.messageId).toBeUndefined()
  })
})

describe('useHandoffNotifications', () => {
  it('announces each handoff once, has the kept list fetched again, and its button opens the conversation read', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ changed: 1, unread: 0 }), { headers: { 'Content-Type': 'application/json' } }))
    const queryClient = new QueryClient()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const stream = fakeStream()
    renderListener(queryClient, true, stream.client)
    stream.emit(handoffEvent())
    stream.emit(handoffEvent()) // the same note again
    stream.emit({ event: 'job', data: { type: 'job.updated', run: { id: 1 } } })

    expect(getNotices()).toHaveLength(1)
    const notice = getNotices()[0]!
    expect(notice).toMatchObject({ type: 'warning', title: 'GM HANDOFF', message: 'Workflow: GM_HANDOFF, intent CC' })
    expect(notice.action?.label).toBe('Open conversation')
    expect(invalidate).toHaveBeenCalledWith({ queryKey: handoffKeys.all })

    await act(async () => notice.action!.onClick())
    expect(getDock().boxes.map((b) => b.leadId)).toEqual([41])
    expect(getDock().focusedId).toBe(41)
    expect((fetch.mock.calls[0] as [string, RequestInit])[0]).toBe('/api/notifications/read?messageId=900')
  })

  it('listens only while signed in', () => {
    const queryClient = new QueryClient()
    const stream = fakeStream()
    renderListener(queryClient, false, stream.client)
    expect(stream.listeners.size).toBe(0)
    renderListener(queryClient, true, stream.client)
    expect(stream.listeners.size).toBe(1)
    renderListener(queryClient, false, stream.client)
    expect(stream.listeners.size).toBe(0)
  })
})
