import { useId, useRef, useState } from 'react'
import { useSendReply } from '../api/send-reply'

export interface ReplyBoxProps {
  customerId: number
  /** After the reply was stored. */
  onSent?: () => void
}

/**
 * The customer's keyboard: Enter sends, Shift+Enter starts a new line. While a
 * reply is on its way the box waits; a failure raises the usual notice and
 * keeps the text for another try.
 */
export function ReplyBox({ customerId, onSent }: ReplyBoxProps) {
  const [text, setText] = useState('')
  const reply = useSendReply()
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const hintId = useId()
  const sending = reply.isPending
  const canSend = text.trim() !== '' && !sending

  const send = () => {
    const body = text.trim()
    if (!body || sending) return
    reply.mutate(
      { customerId, body },
      {
        onSuccess: () => {
          setText('')
          inputRef.current?.focus()
          onSent?.()
        },
      },
    )
  }

  return (
    <form
      className="phone__composer"
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <textarea
        ref={inputRef}
        className="phone__input"
        rows={1}
        placeholder="Text message"
        aria-label="Reply as the customer"
        aria-describedby={hintId}
        aria-busy={sending || undefined}
        readOnly={sending}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault()
            send()
          }
        }}
      />
      <span id={hintId} className="visually-hidden">
        Enter sends; Shift+Enter starts a new line.
      </span>
      <button type="submit" className="btn btn--primary phone__send" disabled={!canSend}>
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  )
}
