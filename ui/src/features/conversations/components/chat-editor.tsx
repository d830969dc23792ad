import { useEffect, useId, useRef, useState, type Ref } from 'react'
import { MESSAGE_INPUT_CLEAR_MS } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { useSendMessage, type EditorMode } from '../api/send-message'
import { draftProblem } from './conversation-model'

export interface ChatEditorProps {
  leadId: number
  customerId: number | undefined
  /** SUPER_DATA_ADMIN or SUPER_USER: may write internal notes. */
  canWriteNotes: boolean
  /** The lead is still loading: sending waits for the customer id. */
  disabled?: boolean
  inputRef?: Ref<HTMLTextAreaElement>
}

const MODES: { mode: EditorMode; label: string }[] = [
  { mode: 'SMS', label: 'SMS' },
  { mode: 'EMAIL', label: 'Email' },
  { mode: 'NOTE', label: 'Note' },
]

const PLACEHOLDER: Record<EditorMode, string> = {
  SMS: 'Text message',
  EMAIL: 'E-mail message',
  NOTE: 'Internal note (staff only)',
}

/**
 * The message editor of a chat box (spec sections 2 and 5): SMS, Email (with a
 * subject) or Note (SUPER_DATA_ADMIN and SUPER_USER), and Send. The spec's
 * checks run first; the server's refusals show as notices. After a send the
 * toast reads 'Successfully Sent' and the editor is cleared a second later.
 */
export function ChatEditor({ leadId, customerId, canWriteNotes, disabled = false, inputRef }: ChatEditorProps) {
  const [mode, setMode] = useState<EditorMode>('SMS')
  const [subject, setSubject] = useState('')
  const [content, setContent] = useState('')
  const [clearing, setClearing] = useState(false)
  const send = useSendMessage()
  const id = useId()
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(clearTimer.current), [])

  const busy = send.isPending || clearing
  const modes = MODES.filter((m) => m.mode !== 'NOTE' || canWriteNotes)

  const submit = () => {
    if (busy || disabled) return
    const problem = draftProblem(mode, subject, content)
    if (problem) {
      notify({ type: 'warning', message: problem })
      return
    }
    send.mutate(
      { leadId, customerId, mode, content: content.trim(), subject: subject.trim() },
      {
        onSuccess: () => {
          setClearing(true)
          clearTimer.current = setTimeout(() => {
            setContent('')
            setSubject('')
            setClearing(false)
          }, MESSAGE_INPUT_CLEAR_MS)
        },
      },
    )
  }

  return (
    <form
      className="chat-editor"
      aria-label="Message editor"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className="chat-editor__modes" role="radiogroup" aria-label="Message type">
        {modes.map((m) => (
          <label key={m.mode} className={`chat-editor__mode${mode === m.mode ? ' is-active' : ''}`}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={m.mode}
              checked={mode === m.mode}
              onChange={() => setMode(m.mode)}
            />
            {m.label}
          </label>
        ))}
      </div>
      {mode === 'EMAIL' ? (
        <input
          className="chat-editor__subject"
          aria-label="Subject"
          placeholder="Subject"
          value={subject}
          readOnly={busy}
          onChange={(event) => setSubject(event.target.value)}
        />
      ) : null}
      <div className="chat-editor__row">
        <textarea
          ref={inputRef}
          className={`chat-editor__input${mode === 'NOTE' ? ' chat-editor__input--note' : ''}`}
          rows={2}
          aria-label="Message"
          aria-describedby={`${id}-hint`}
          placeholder={PLACEHOLDER[mode]}
          value={content}
          readOnly={busy}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              submit()
            }
          }}
        />
        <button type="submit" className="btn btn--primary chat-editor__send" disabled={busy || disabled}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <span id={`${id}-hint`} className="visually-hidden">
        Enter sends; Shift+Enter starts a new line.
      </span>
    </form>
  )
}
