import { useSyncExternalStore } from 'react'
import { DEFAULT_NOTICE_TEXT, DEFAULT_NOTICE_TITLE, NOTICE_DURATION_MS } from './config'

export type NoticeType = 'success' | 'warning' | 'danger' | 'info'

/** A button on a notice (e.g. 'Open conversation'); using it also dismisses the notice. */
export interface NoticeAction {
  label: string
  onClick: () => void
}

export interface NoticeInput {
  message?: string
  type?: NoticeType
  title?: string
  durationMs?: number
  action?: NoticeAction
}

export interface Notice {
  id: number
  type: NoticeType
  title: string
  message: string
  action?: NoticeAction
}

let nextId = 1
let notices: readonly Notice[] = []
const listeners = new Set<() => void>()

function set(next: readonly Notice[]) {
  notices = next
  for (const listener of listeners) listener()
}

export function dismissNotice(id: number): void {
  if (notices.some((n) => n.id === id)) set(notices.filter((n) => n.id !== id))
}

/**
 * Shows a notice (spec section 9: title 'Message', type success, top-right,
 * 4500 ms unless told otherwise). An empty message shows the default text.
 */
export function notify(input: NoticeInput): Notice {
  const notice: Notice = {
    id: nextId++,
    type: input.type ?? 'success',
    title: input.title ?? DEFAULT_NOTICE_TITLE,
    message: input.message || DEFAULT_NOTICE_TEXT,
    ...(input.action ? { action: input.action } : {}),
  }
  set([...notices, notice])
  setTimeout(() => dismissNotice(notice.id), input.durationMs ?? NOTICE_DURATION_MS)
  return notice
}

export function getNotices(): readonly Notice[] {
  return notices
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribe, getNotices, getNotices)
}
