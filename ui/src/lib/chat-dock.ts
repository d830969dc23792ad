/**
 * The chat dock's state: which conversations (leads) have a chat box open, which
 * are minimised, which one the user works in, and the recently opened ones.
 * Any screen opens a conversation with `openChat(leadId)`; the dock, mounted
 * once for signed-in screens, shows the boxes. Kept in local storage so the
 * boxes survive a reload.
 *
 * Rules (spec sections 2, 5 and 9): at most 3 boxes at once (a 4th is refused
 * with an error notice titled 'Limitation'); an open conversation is focused,
 * never opened twice; saved chats are keyed by id, upserted, and the oldest
 * dropped beyond 15.
 */
import { useSyncExternalStore } from 'react'
import {
  CHAT_BOX_LIMIT_TEXT,
  CHAT_BOX_LIMIT_TITLE,
  MAX_CHAT_BOXES,
  MAX_SAVED_CHATS,
  STORAGE_KEYS,
} from './config'
import { notify } from './notices'

export interface ChatBox {
  leadId: number
  minimised: boolean
}

export interface SavedChat {
  /** The lead. */
  id: number
  /** When its box was last opened (ms). */
  openedAt: number
}

export interface DockState {
  /** Open boxes, in the order they were opened. */
  boxes: readonly ChatBox[]
  /** The box the user works in (read acknowledgements are sent for it), or null. */
  focusedId: number | null
  /** Recently opened conversations, oldest first, at most MAX_SAVED_CHATS. */
  saved: readonly SavedChat[]
  /** Asks the box to take keyboard focus; `seq` changes with every request. */
  focusRequest: { leadId: number; seq: number } | null
}

export const EMPTY_DOCK: DockState = { boxes: [], focusedId: null, saved: [], focusRequest: null }

/** What opening a conversation did. */
export type OpenOutcome = 'opened' | 'focused' | 'limit'

/** `saved` with `id` moved to the newest end (added if absent), the oldest dropped beyond `max`. */
export function upsertSaved(saved: readonly SavedChat[], id: number, now: number, max = MAX_SAVED_CHATS): SavedChat[] {
  const next = [...saved.filter((s) => s.id !== id), { id, openedAt: now }]
  return next.slice(Math.max(0, next.length - max))
}

function requestFocus(state: DockState, leadId: number): DockState['focusRequest'] {
  return { leadId, seq: (state.focusRequest?.seq ?? 0) + 1 }
}

/**
 * Opens `leadId`'s box: an open one is restored and focused instead of opened
 * again; with MAX_CHAT_BOXES open, nothing changes and the outcome is 'limit'.
 */
export function openBox(state: DockState, leadId: number, now: number): { state: DockState; outcome: OpenOutcome } {
  const focused = { focusedId: leadId, focusRequest: requestFocus(state, leadId) }
  if (state.boxes.some((b) => b.leadId === leadId)) {
    const boxes = state.boxes.map((b) => (b.leadId === leadId ? { ...b, minimised: false } : b))
    return { state: { ...state, ...focused, boxes }, outcome: 'focused' }
  }
  if (state.boxes.length >= MAX_CHAT_BOXES) return { state, outcome: 'limit' }
  return {
    state: {
      ...state,
      ...focused,
      boxes: [...state.boxes, { leadId, minimised: false }],
      saved: upsertSaved(state.saved, leadId, now),
    },
    outcome: 'opened',
  }
}

export function closeBox(state: DockState, leadId: number): DockState {
  if (!state.boxes.some((b) => b.leadId === leadId)) return state
  return {
    ...state,
    boxes: state.boxes.filter((b) => b.leadId !== leadId),
    focusedId: state.focusedId === leadId ? null : state.focusedId,
  }
}

/** Minimises or restores a box; a minimised box is not the focused one, a restored one is. */
export function setMinimised(state: DockState, leadId: number, minimised: boolean): DockState {
  const box = state.boxes.find((b) => b.leadId === leadId)
  if (!box) return state
  const boxes = state.boxes.map((b) => (b.leadId === leadId ? { ...b, minimised } : b))
  if (minimised) return { ...state, boxes, focusedId: state.focusedId === leadId ? null : state.focusedId }
  return { ...state, boxes, focusedId: leadId, focusRequest: requestFocus(state, leadId) }
}

/** Marks the box the user works in (null: none). */
export function focusBox(state: DockState, leadId: number | null): DockState {
  if (state.focusedId === leadId) return state
  if (leadId !== null && !state.boxes.some((b) => b.leadId === leadId && !b.minimised)) return state
  return { ...state, focusedId: leadId }
}

// ---------- persistence ----------

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
}

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key)
    return raw ? (JSON.parse(raw) as unknown) : null
  } catch {
    return null
  }
}

/** The dock as stored; anything unreadable is dropped. */
export function loadDock(): DockState {
  const rawBoxes = readJson(STORAGE_KEYS.chatBoxes)
  const rawSaved = readJson(STORAGE_KEYS.savedChats)
  const boxes: ChatBox[] = []
  if (Array.isArray(rawBoxes)) {
    for (const item of rawBoxes as unknown[]) {
      const box = item as Partial<ChatBox> | null
      if (box && isPositiveInt(box.leadId) && !boxes.some((b) => b.leadId === box.leadId)) {
        boxes.push({ leadId: box.leadId, minimised: box.minimised === true })
      }
    }
  }
  const saved: SavedChat[] = []
  if (Array.isArray(rawSaved)) {
    for (const item of rawSaved as unknown[]) {
      const entry = item as Partial<SavedChat> | null
      if (entry && isPositiveInt(entry.id) && typeof entry.openedAt === 'number') {
        saved.push({ id: entry.id, openedAt: entry.openedAt })
      }
    }
  }
  return { ...EMPTY_DOCK, boxes: boxes.slice(0, MAX_CHAT_BOXES), saved: saved.slice(-MAX_SAVED_CHATS) }
}

function saveDock(state: DockState): void {
  try {
    localStorage.setItem(STORAGE_KEYS.chatBoxes, JSON.stringify(state.boxes))
    localStorage.setItem(STORAGE_KEYS.savedChats, JSON.stringify(state.saved))
  } catch {
    // storage full or unavailable: the boxes just will not survive a reload
  }
}

// ---------- the store ----------

let dock: DockState | null = null
const listeners = new Set<() => void>()

function current(): DockState {
  dock ??= loadDock()
  return dock
}

function set(next: DockState): void {
  const before = current()
  if (next === before) return
  dock = next
  if (next.boxes !== before.boxes || next.saved !== before.saved) saveDock(next)
  for (const listener of [...listeners]) listener()
}

export function getDock(): DockState {
  return current()
}

/**
 * Opens a conversation's chat box, or focuses it when it is open. With 3 boxes
 * open it shows the error notice instead and returns 'limit'.
 */
export function openChat(leadId: number): OpenOutcome {
  const { state, outcome } = openBox(current(), leadId, Date.now())
  if (outcome === 'limit') {
    notify({ type: 'danger', title: CHAT_BOX_LIMIT_TITLE, message: CHAT_BOX_LIMIT_TEXT })
  } else {
    set(state)
  }
  return outcome
}

export function closeChat(leadId: number): void {
  set(closeBox(current(), leadId))
}

export function minimiseChat(leadId: number, minimised: boolean): void {
  set(setMinimised(current(), leadId, minimised))
}

export function focusChat(leadId: number | null): void {
  set(focusBox(current(), leadId))
}

/** Forgets the in-memory dock (tests; the stored copy is read again on next use). */
export function resetChatDock(): void {
  dock = null
  for (const listener of [...listeners]) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The dock, re-rendering when it changes. */
export function useChatDock(): DockState {
  return useSyncExternalStore(subscribe, getDock, getDock)
}
