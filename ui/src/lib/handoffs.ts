/**
 * Handoffs: the notifications that last. The server keeps every handoff of the
 * user's stores and what this user did with it (GET /api/notifications: read,
 * removed), so a reload, another tab or another day shows the same list. The
 * realtime stream's `event: handoff` (`{type: "HANDOFF", handoff: {title, fsiId,
 * storeId, reason}, message}`) announces a new one with a notice titled as its
 * card (GM HANDOFF, MD HANDOFF, Customer HANDOFF) that opens the conversation,
 * and has the list fetched again.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiRequest } from './api-client'
import type { ApiResponse } from './api-types'
import { openChat } from './chat-dock'
import { HANDOFF_NOTICE_DURATION_MS, MAX_HANDOFFS_KEPT } from './config'
import { notify } from './notices'
import { realtime, type RealtimeClient, type RealtimeEvent } from './realtime'
import { htmlToText } from './sanitize-html'

const LIST = '/api/notifications'

export type HandoffPage = ApiResponse<typeof LIST, 'get'>
/** A handoff in the user's notifications, as the server lists it. */
export type Handoff = HandoffPage['content'][number]
export type HandoffsChanged = ApiResponse<'/api/notifications/read', 'post'>

export const handoffKeys = {
  all: ['notifications'] as const,
  list: (storeId?: number) => ['notifications', storeId ?? 'all'] as const,
}

/** The user's handoffs, newest first (one store's with `storeId`), and how many are unread. */
export function useHandoffs({ storeId, enabled = true }: { storeId?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: handoffKeys.list(storeId),
    queryFn: ({ signal }) => apiRequest<HandoffPage>(LIST, { query: { storeId, size: MAX_HANDOFFS_KEPT }, signal }),
    enabled,
  })
}

/** Marks one handoff read (by its note), or all of a store's, or all; the lists are fetched again. */
function markRead(queryClient: QueryClient, query: { messageId?: number; storeId?: number }) {
  return apiRequest<HandoffsChanged>('/api/notifications/read', { method: 'POST', query }).then((changed) => {
    void queryClient.invalidateQueries({ queryKey: handoffKeys.all })
    return changed
  })
}

/** What a user does with their handoffs: open one (it is read), read all, remove a lead's, clear. */
export function useHandoffActions() {
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: handoffKeys.all })
  const readAll = useMutation({ mutationFn: (storeId?: number) => markRead(queryClient, { storeId }) })
  const remove = useMutation({
    mutationFn: (fsiId: number) => apiRequest<HandoffsChanged>(`/api/notifications/interaction/${fsiId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  })
  const clear = useMutation({
    mutationFn: () => apiRequest<HandoffsChanged>(LIST, { method: 'DELETE' }),
    onSuccess: refresh,
  })
  return {
    open: (handoff: Pick<Handoff, 'fsiId' | 'messageId' | 'read'>) => openHandoff(queryClient, handoff),
    readAll: (storeId?: number) => readAll.mutate(storeId),
    remove: (fsiId: number) => remove.mutate(fsiId),
    clear: () => clear.mutate(),
    pending: readAll.isPending || remove.isPending || clear.isPending,
  }
}

/** Opens the handed-over conversation's chat box and marks the handoff read. */
function openHandoff(queryClient: QueryClient, handoff: Pick<Handoff, 'fsiId' | 'messageId' | 'read'>): void {
  if (!handoff.read && handoff.messageId !== undefined) void markRead(queryClient, { messageId: handoff.messageId })
  openChat(handoff.fsiId)
}

// ---------- the live announcement ----------

/** A handoff as the stream announces it. */
export interface HandoffEvent {
  title: string
  fsiId: number
  /** The handoff's note. */
  messageId?: number
  /** The track and intent, as the note records them (plain text). */
  reason: string
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object'
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0

/** The handoff of an `event: handoff`, or null for anything else. */
export function parseHandoffEvent(event: RealtimeEvent): HandoffEvent | null {
  if (event.event !== 'handoff' || !isObject(event.data) || event.data.type !== 'HANDOFF') return null
  const { handoff, message } = event.data
  if (!isObject(handoff) || typeof handoff.title !== 'string' || handoff.title.trim() === '' || !isId(handoff.fsiId)) return null
  const note = isObject(message) ? message : {}
  return {
    title: handoff.title.trim(),
    fsiId: handoff.fsiId,
    messageId: isId(note.id) ? note.id : undefined,
    reason: typeof handoff.reason === 'string' ? htmlToText(handoff.reason).trim() : '',
  }
}

/** The notice of a handoff: the card's title as its heading, the reason, and a button to the conversation. */
export function announceHandoff(queryClient: QueryClient, handoff: HandoffEvent): void {
  notify({
    type: 'warning',
    title: handoff.title,
    message: handoff.reason || 'The conversation was handed to staff.',
    durationMs: HANDOFF_NOTICE_DURATION_MS,
    action: { label: 'Open conversation', onClick: () => openHandoff(queryClient, { ...handoff, read: false }) },
  })
}

/**
 * While `enabled` (signed in): every handoff of the stream is announced and the
 * user's handoffs are fetched again (the server has kept it by then).
 */
export function useHandoffNotifications(enabled: boolean, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    const seen = new Set<number>()
    return client.subscribe((event) => {
      const handoff = parseHandoffEvent(event)
      if (!handoff) return
      // The same note arriving twice (a reconnect replays it) is announced once.
      if (handoff.messageId !== undefined) {
        if (seen.has(handoff.messageId)) return
        seen.add(handoff.messageId)
      }
      announceHandoff(queryClient, handoff)
      void queryClient.invalidateQueries({ queryKey: handoffKeys.all })
    })
  }, [enabled, client, queryClient])
}
