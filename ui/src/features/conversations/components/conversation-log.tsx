import { useLayoutEffect, useMemo, useRef } from 'react'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import type { MessageView } from '../../../lib/message-events'
import { useFollowBottom } from '../../../lib/use-follow-bottom'
import { buildTimeline, latestNote, type LeadSwitches } from './conversation-model'
import { MessageCard } from './message-card'
import type { NoteUndoContext } from './note-undo-button'

export interface ConversationLogProps {
  leadId: number
  messages: readonly MessageView[] | undefined
  isPending: boolean
  /** Shown instead of the messages when they could not be loaded. */
  error: { text: string; retry?: () => void } | null
  /** The conversation's lead (the options menu follows its switches); unknown while it loads. */
  lead?: LeadSwitches
  /** The lead's store (for the selection menu's Appointment Search). */
  storeId?: number
  timeZone?: string
  now: number
  privileged: boolean
  enterpriseStyle: boolean
  /** The signed-in user's username: their latest note may be undone for 40 seconds. */
  currentUsername: string | undefined
  onArchive: (messageId: number) => void
}

/** Skeleton cards while the conversation loads, alternating sides like one. */
const SKELETON = ['received', 'sent', 'received', 'sent'] as const

/**
 * The conversation, oldest first with day and time breaks; it follows the
 * newest message while the reader is at the bottom.
 */
export function ConversationLog({
  leadId,
  messages,
  isPending,
  error,
  lead,
  storeId,
  timeZone,
  now,
  privileged,
  enterpriseStyle,
  currentUsername,
  onArchive,
}: ConversationLogProps) {
  const timeline = useMemo(() => buildTimeline(messages ?? [], now, timeZone), [messages, now, timeZone])
  // Only the latest note can be undone, so only its card runs the note timer.
  const undoableNoteId = messages ? latestNote(messages)?.id : undefined
  const noteUndo: NoteUndoContext | undefined = messages && { messages, currentUsername }
  const ref = useRef<HTMLDivElement>(null)
  /** Whether the reader is at the bottom, so new messages scroll into view. */
  const { followRef, onScroll } = useFollowBottom()
  const seenLastId = useRef<number | undefined>(undefined)
  const lastId = messages?.at(-1)?.id

  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    if (lastId !== seenLastId.current && (seenLastId.current === undefined || followRef.current)) {
      el.scrollTop = el.scrollHeight
    }
    seenLastId.current = lastId
  })

  let body
  if (isPending) {
    body = (
      <ol className="chat-log__list" aria-hidden="true">
        {SKELETON.map((side, i) => (
          <li key={i} className={`chat-msg chat-msg--${side} chat-msg--skeleton`}>
            <div className="chat-msg__card">
              <span className="skeleton-bar" />
              <span className="skeleton-bar" />
            </div>
          </li>
        ))}
      </ol>
    )
  } else if (error && !messages?.length) {
    body = (
      <div className="chat-log__note" role="alert">
        <p>{error.text}</p>
        {error.retry ? (
          <button type="button" className="btn" onClick={error.retry}>
            Try again
          </button>
        ) : null}
      </div>
    )
  } else if (!messages?.length) {
    body = <p className="chat-log__note">{EMPTY_LIST_TEXT}</p>
  } else {
    body = (
      <ol className="chat-log__list">
        {timeline.map((item) =>
          item.type === 'message' ? (
            <MessageCard
              key={item.key}
              leadId={leadId}
              message={item.message}
              lead={lead}
              storeId={storeId}
              timeZone={timeZone}
              now={now}
              privileged={privileged}
              enterpriseStyle={enterpriseStyle}
              onArchive={onArchive}
              noteUndo={item.message.id === undoableNoteId ? noteUndo : undefined}
            />
          ) : (
            <li key={item.key} className={`chat-break chat-break--${item.type}`} data-testid={`${item.type}-break`}>
              <span>{item.label}</span>
            </li>
          ),
        )}
      </ol>
    )
  }

  return (
    <div
      ref={ref}
      className="chat-log"
      role="log"
      aria-label="Messages"
      aria-busy={isPending || undefined}
      tabIndex={0}
      onScroll={onScroll}
    >
      {body}
    </div>
  )
}
