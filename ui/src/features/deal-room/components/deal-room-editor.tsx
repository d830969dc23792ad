import { useId } from 'react'
import { ApiError } from '../../../lib/api-client'
import type { DealRoomLink } from '../api/deal-room-types'
import { useSendDealRoomMessage } from '../api/send-deal-room-message'

export const SEND_REFUSED_TEXT = 'This page may not send messages.'
export const SEND_FAILED_TEXT = 'The message could not be sent. Please try again.'

export interface DealRoomEditorProps {
  link: DealRoomLink
  draft: string
  onDraftChange: (draft: string) => void
}

function sendFailure(error: unknown): string {
  if (error instanceof ApiError && (error.status === 403 || error.status === 429)) {
    return error.body?.message?.trim() || (error.status === 403 ? SEND_REFUSED_TEXT : SEND_FAILED_TEXT)
  }
  return SEND_FAILED_TEXT
}

/**
 * The deal room's message editor: a text and Send (Enter sends, Shift+Enter a
 * new line). An empty message is not sent; a sent one clears the editor and
 * joins the conversation.
 */
export function DealRoomEditor({ link, draft, onDraftChange }: DealRoomEditorProps) {
  const send = useSendDealRoomMessage()
  const id = useId()
  const content = draft.trim()

  const submit = () => {
    if (send.isPending || content === '') return
    send.mutate({ link, body: { content } }, { onSuccess: () => onDraftChange('') })
  }

  return (
    <form
      className="chat-editor deal-room__editor"
      aria-label="Message editor"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className="chat-editor__row">
        <textarea
          className="chat-editor__input"
          rows={2}
          aria-label="Message"
          aria-describedby={`${id}-hint`}
          placeholder="Write a message"
          value={draft}
          readOnly={send.isPending}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              submit()
            }
          }}
        />
        <button type="submit" className="btn btn--primary chat-editor__send" disabled={send.isPending || content === ''}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {send.isError ? (
        <p className="warning-box" role="alert" data-testid="send-error">
          {sendFailure(send.error)}
        </p>
      ) : null}
      <span id={`${id}-hint`} className="visually-hidden">
        Enter sends; Shift+Enter starts a new line.
      </span>
    </form>
  )
}
