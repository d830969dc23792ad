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
 *
 * The dock never covers the page: on a wide screen the page makes room beside
 * the expanded boxes, so only as many stay expanded as leave the page usable
 * (`expandedBoxesThatFit`; opening or restoring one minimises the oldest
 * other), and leaving a screen minimises them all, so they do not follow the
 * user over the next one.
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

/** A chat box's width and the gap between boxes (conversations.css). */
const BOX_WIDTH_PX = 330 + 12
/** The navigation column (base.css) and the narrowest page worth keeping beside the boxes. */
const SIDEBAR_PX = 210
const MIN_PAGE_PX = 640
/** At or below this width the dock is a full-width sheet (phone layout): one box expanded. */
const PHONE_LAYOUT_PX = 700

/** How many boxes may be expanded at `viewportWidth` with the page still usable beside them (at least one). */
export function expandedBoxesThatFit(viewportWidth: number): number {
  if (viewportWidth <= PHONE_LAYOUT_PX) return 1
  const fit = Math.floor((viewportWidth - SIDEBAR_PX - MIN_PAGE_PX) / BOX_WIDTH_PX)
  return Math.min(MAX_CHAT_BOXES, Math.max(1, fit))
}

/** `boxes` with `leadId` expanded and the oldest other expanded ones minimised until `maxExpanded` are. */
function expandOnly(boxes: readonly ChatBox[], leadId: number, maxExpanded: number): ChatBox[] {
  let others = boxes.filter((b) => b.leadId !== leadId && !b.minimised).length
  return boxes.map((b) => {
    if (b.leadId === leadId) return { ...b, minimised: false }
    if (!b.minimised && others >= maxExpanded) {
      others--
      return { ...b, minimised: true }
    }
    return b
  })
}

/**
 * Opens `leadId`'s box: an open one is restored and focused instead of opened
 * again; with MAX_CHAT_BOXES open, nothing changes and the outcome is 'limit'.
 * Beyond `maxExpanded` expanded boxes, the oldest others are minimised.
 */
export function openBox(
  state: DockState,
  leadId: number,
  now: number,
  maxExpanded = MAX_CHAT_BOXES,
): { state: DockState; outcome: OpenOutcome } {
  const focused = { focusedId: leadId, focusRequest: requestFocus(state, leadId) }
  if (state.boxes.some((b) => b.leadId === leadId)) {
    const boxes = expandOnly(state.boxes, leadId, maxExpanded)
    return { state: { ...state, ...focused, boxes }, outcome: 'focused' }
  }
  if (state.boxes.length >= MAX_CHAT_BOXES) return { state, outcome: 'limit' }
  return {
    state: {
      ...state,
      ...focused,
      boxes: expandOnly([...state.boxes, { leadId, minimised: false }], leadId, maxExpanded),
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

/**
 * Minimises or restores a box; a minimised box is not the focused one, a
 * restored one is (and minimises the oldest others beyond `maxExpanded`).
 */
export function setMinimised(state: DockState, leadId: number, minimised: boolean, maxExpanded = MAX_CHAT_BOXES): DockState {
  const box = state.boxes.find((b) => b.leadId === leadId)
  if (!box) return state
  if (minimised) {
    const boxes = state.boxes.map((b) => (b.leadId === leadId ? { ...b, minimised } : b))
    return { ...state, boxes, focusedId: state.focusedId === leadId ? null : state.focusedId }
  }
  const boxes = expandOnly(state.boxes, leadId, maxExpanded)
  return { ...state, boxes, focusedId: leadId, focusRequest: requestFocus(state, leadId) }
}

/** Every box minimised (the user left the screen they were opened on). */
export function minimiseAll(state: DockState): DockState {
  if (state.boxes.every((b) => b.minimised)) return state
  return { ...state, boxes: state.boxes.map((b) => ({ ...b, minimised: true })), focusedId: null }
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
  const { state, outcome } = openBox(current(), leadId, Date.now(), expandedBoxesThatFit(window.innerWidth))
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
  set(setMinimised(current(), leadId, minimised, expandedBoxesThatFit(window.innerWidth)))
}

/** Tucks every box away to its header: the user moved to another screen. */
export function minimiseAllChats(): void {
  set(minimiseAll(current()))
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
