/**
 * Handoffs of the realtime stream: `event: handoff` with
 * `{type: "HANDOFF", handoff: {title, fsiId, storeId, reason}, message}` when the
 * assistant hands a conversation to staff. Each one raises a notice titled with
 * the card's title (GM HANDOFF, MD HANDOFF, Customer HANDOFF) that opens the
 * lead's conversation, and joins a short unread list for the header's bell.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { openChat } from './chat-dock'
import { HANDOFF_NOTICE_DURATION_MS, MAX_HANDOFFS_KEPT } from './config'
import { notify } from './notices'
import { realtime, type RealtimeClient, type RealtimeEvent } from './realtime'
import { htmlToText } from './sanitize-html'

/** The spec's card titles. */
export const HANDOFF_TITLES = ['GM HANDOFF', 'MD HANDOFF', 'Customer HANDOFF'] as const

export interface Handoff {
  /** The note's id (the same handoff arriving twice is kept once). */
  id: number
  /** The card's title, as the server sends it. */
  title: string
  /** The lead (future service interaction) whose conversation was handed over. */
  fsiId: number
  storeId: number
  /** The track and intent, as the note records them (plain text). */
  reason: string
  /** When the note was written (ISO), else when it arrived. */
  at: string
  read: boolean
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object'
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0

let localIds = 0

/** The handoff of an `event: handoff`, or null for anything else. */
export function parseHandoffEvent(event: RealtimeEvent, now: number = Date.now()): Handoff | null {
  if (event.event !== 'handoff' || !isObject(event.data) || event.data.type !== 'HANDOFF') return null
  const { handoff, message } = event.data
  if (!isObject(handoff) || typeof handoff.title !== 'string' || handoff.title.trim() === '' || !isId(handoff.fsiId)) return null
  const note = isObject(message) ? message : {}
  return {
    // Without the note's id, a local one that never matches a real note.
    id: isId(note.id) ? note.id : -++localIds,
    title: handoff.title.trim(),
    fsiId: handoff.fsiId,
    storeId: typeof handoff.storeId === 'number' ? handoff.storeId : 0,
    reason: typeof handoff.reason === 'string' ? htmlToText(handoff.reason).trim() : '',
    at: typeof note.createdOn === 'string' && Number.isFinite(Date.parse(note.createdOn)) ? note.createdOn : new Date(now).toISOString(),
    read: false,
  }
}

// ---------- the unread list ----------

let handoffs: readonly Handoff[] = []
const listeners = new Set<() => void>()

function set(next: readonly Handoff[]): void {
  if (next === handoffs) return
  handoffs = next
  for (const listener of [...listeners]) listener()
}

/** The handoffs kept, newest first. */
export function getHandoffs(): readonly Handoff[] {
  return handoffs
}

/** Keeps a new handoff (newest first, at most MAX_HANDOFFS_KEPT); false when it is already kept. */
export function keepHandoff(handoff: Handoff): boolean {
  if (handoffs.some((h) => h.id === handoff.id)) return false
  set([handoff, ...handoffs].slice(0, MAX_HANDOFFS_KEPT))
  return true
}

export function markHandoffRead(id: number): void {
  if (handoffs.some((h) => h.id === id && !h.read)) set(handoffs.map((h) => (h.id === id ? { ...h, read: true } : h)))
}

export function markAllHandoffsRead(): void {
  if (handoffs.some((h) => !h.read)) set(handoffs.map((h) => (h.read ? h : { ...h, read: true })))
}

/** Forgets every handoff (sign-out, tests). */
export function clearHandoffs(): void {
  set([])
}

export function unreadHandoffCount(list: readonly Handoff[]): number {
  return list.reduce((n, h) => n + (h.read ? 0 : 1), 0)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The handoffs kept, re-rendering when they change. */
export function useHandoffs(): readonly Handoff[] {
  return useSyncExternalStore(subscribe, getHandoffs, getHandoffs)
}

// ---------- acting on one ----------

/** Opens the handed-over conversation's chat box and marks the handoff read. */
export function openHandoff(handoff: Pick<Handoff, 'id' | 'fsiId'>): void {
  markHandoffRead(handoff.id)
  openChat(handoff.fsiId)
}

/** The notice of a handoff: the card's title as its heading, the reason, and a button to the conversation. */
export function announceHandoff(handoff: Handoff): void {
  notify({
    type: 'warning',
    title: handoff.title,
    message: handoff.reason || 'The assistant handed this conversation to staff.',
    durationMs: HANDOFF_NOTICE_DURATION_MS,
    action: { label: 'Open conversation', onClick: () => openHandoff(handoff) },
  })
}

/**
 * While `enabled` (signed in): every new handoff of the stream is kept and
 * announced. The list is forgotten when it stops (sign-out).
 */
export function useHandoffNotifications(enabled: boolean, client: RealtimeClient = realtime): void {
  useEffect(() => {
    if (!enabled) return
    const stop = client.subscribe((event) => {
      const handoff = parseHandoffEvent(event)
      if (handoff && keepHandoff(handoff)) announceHandoff(handoff)
    })
    return () => {
      stop()
      clearHandoffs()
    }
  }, [enabled, client])
}
