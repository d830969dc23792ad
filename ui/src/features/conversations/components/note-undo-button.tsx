import { useEffect, useRef, useState } from 'react'
import { NOTE_UNDO_TICK_MS } from '../../../lib/config'
import type { MessageView } from '../../../lib/message-events'
import { useUndoNote } from '../api/undo-note'
import { noteUndoState } from './conversation-model'

/** What the note timer needs besides the note: the rest of the conversation and who is signed in. */
export interface NoteUndoContext {
  /** The whole conversation: a customer message or a newer note after the note ends the timer. */
  messages: readonly MessageView[]
  /** The signed-in user's username (the history names a note's author by it). */
  currentUsername: string | undefined
}

export interface NoteUndoButtonProps extends NoteUndoContext {
  leadId: number
  noteId: number
}

/**
 * The note timer (spec section 5): "Undo (Ns)" on the author's latest note,
 * counting down every second from 40 and gone at 0 or once the customer writes.
 * Its width is fixed, so the countdown does not shift the header. Undoing
 * archives the note and refetches the conversation; a refusal shows the API
 * client's notice, like the other message actions.
 */
export function NoteUndoButton({ leadId, noteId, messages, currentUsername }: NoteUndoButtonProps) {
  const [now, setNow] = useState(() => Date.now())
  const { available, secondsLeft } = noteUndoState(messages, noteId, currentUsername, now)
  const undo = useUndoNote()
  const buttonRef = useRef<HTMLButtonElement>(null)

  // Tick only while the undo is on offer; a shown second is at most 1 s old, so a click
  // at "1s" still lands inside the server's 40 s.
  useEffect(() => {
    if (!available) return
    const timer = setInterval(() => setNow(Date.now()), NOTE_UNDO_TICK_MS)
    return () => clearInterval(timer)
  }, [available])

  if (!available) return null
  const seconds = `${secondsLeft} second${secondsLeft === 1 ? '' : 's'}`

  return (
    <button
      ref={buttonRef}
      type="button"
      className="note-undo"
      aria-label={`Undo note, ${seconds} left`}
      // aria-disabled rather than disabled while sending, so keyboard focus stays put.
      aria-disabled={undo.isPending || undefined}
      data-testid="note-undo"
      onClick={() => {
        if (undo.isPending) return
        undo.mutate(
          { leadId, messageId: noteId },
          {
            onSuccess: () => {
              // The note (and this button) goes away: keep keyboard focus in the conversation.
              if (document.activeElement === buttonRef.current) buttonRef.current?.closest<HTMLElement>('[role="log"]')?.focus()
            },
          },
        )
      }}
    >
      Undo ({secondsLeft}s)
    </button>
  )
}
