import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react'
import { MESSAGE_INPUT_CLEAR_MS } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { useSendMessage, type EditorMode } from '../api/send-message'
import {
  appliedContent,
  draftProblem,
  missingFieldWarning,
  missingFieldsLeft,
  type AppliedTemplate,
  type MissingTemplateField,
} from './conversation-model'

export interface ChatEditorProps {
  leadId: number
  customerId: number | undefined
  /** SUPER_DATA_ADMIN or SUPER_USER: may write internal notes. */
  canWriteNotes: boolean
  /** The lead is still loading: sending waits for the customer id. */
  disabled?: boolean
  inputRef?: Ref<HTMLTextAreaElement>
  /** What the chat box drives the editor with (a template's Apply). */
  handleRef?: Ref<ChatEditorHandle>
}

/** The editor as the chat box drives it. */
export interface ChatEditorHandle {
  /**
   * Replaces the draft with an applied template (its SMS text in SMS mode, its
   * body otherwise; an empty e-mail subject takes its title). While a field
   * the lead has no value for is still in the draft, a warning says so.
   */
  fill: (applied: AppliedTemplate) => void
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
export function ChatEditor({ leadId, customerId, canWriteNotes, disabled = false, inputRef, handleRef }: ChatEditorProps) {
  const [mode, setMode] = useState<EditorMode>('SMS')
  const [subject, setSubject] = useState('')
  const [content, setContent] = useState('')
  const [clearing, setClearing] = useState(false)
  /** The applied template's fields the lead has no value for. */
  const [missing, setMissing] = useState<readonly MissingTemplateField[]>([])
  const send = useSendMessage()
  const id = useId()
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(clearTimer.current), [])

  useImperativeHandle(
    handleRef,
    () => ({
      fill: (applied) => {
        // A template applied just after a send replaces the draft instead of being cleared with it.
        clearTimeout(clearTimer.current)
        setClearing(false)
        setContent(appliedContent(mode, applied))
        if (mode === 'EMAIL' && subject.trim() === '' && applied.title) setSubject(applied.title)
        setMissing(applied.missingFields)
      },
    }),
    [mode, subject],
  )
  const missingLeft = missingFieldsLeft(content, missing)

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
            setMissing([])
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
          aria-describedby={missingLeft.length > 0 ? `${id}-missing ${id}-hint` : `${id}-hint`}
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
      {missingLeft.length > 0 ? (
        <ul id={`${id}-missing`} className="chat-editor__missing" role="alert" aria-label="Missing template fields" data-testid="missing-fields">
          {missingLeft.map((field) => (
            <li key={field.key}>{missingFieldWarning(field)}</li>
          ))}
        </ul>
      ) : null}
      <span id={`${id}-hint`} className="visually-hidden">
        Enter sends; Shift+Enter starts a new line.
      </span>
    </form>
  )
}
