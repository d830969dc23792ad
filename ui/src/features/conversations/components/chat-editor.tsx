import { useEffect, useId, useImperativeHandle, useRef, useState, type DragEvent, type Ref } from 'react'
import { MESSAGE_INPUT_CLEAR_MS } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { useSendMessage, type EditorMode } from '../api/send-message'
import { ATTACHMENT_PICKER_ACCEPT } from '../api/upload-attachment'
import { AttachmentChips } from './attachment-chips'
import {
  appliedContent,
  missingFieldWarning,
  missingFieldsLeft,
  type AppliedTemplate,
  type MissingTemplateField,
} from './conversation-model'
import { useAttachments } from './use-attachments'

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

/** Only a text carries attachments (MMS): the server keeps none on an e-mail or a note. */
const ATTACHMENTS_NOT_SENT = 'Attachments go with a text (SMS) only; they stay here for your next text.'
const STILL_UPLOADING = 'Please wait until the attachments have uploaded'

/** A drag that carries files (not text or a link). */
const draggingFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/**
 * The message editor of a chat box (spec sections 2 and 5): SMS, Email (with a
 * subject) or Note (SUPER_DATA_ADMIN and SUPER_USER), and Send. The spec's
 * checks run first; the server's refusals show as notices. After a send the
 * toast reads 'Successfully Sent' and the editor is cleared a second later.
 *
 * A text may carry attachments: "Attach file" (or a file dropped on the editor)
 * uploads each file at once and shows it as a removable chip; Send sends the
 * kept files' addresses with the text. A file the server refuses shows its
 * message beside the editor and adds no chip.
 */
export function ChatEditor({ leadId, customerId, canWriteNotes, disabled = false, inputRef, handleRef }: ChatEditorProps) {
  const [mode, setMode] = useState<EditorMode>('SMS')
  const [subject, setSubject] = useState('')
  const [content, setContent] = useState('')
  const [clearing, setClearing] = useState(false)
  /** The applied template's fields the lead has no value for. */
  const [missing, setMissing] = useState<readonly MissingTemplateField[]>([])
  const send = useSendMessage()
  const attachments = useAttachments(leadId)
  const fileInput = useRef<HTMLInputElement>(null)
  const [dropping, setDropping] = useState(false)
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
  /** Files can be attached: a text, and nothing in the way. */
  const canAttach = mode === 'SMS' && !busy && !disabled

  const submit = () => {
    if (busy || disabled) return
    if (mode === 'SMS' && attachments.uploading) {
      notify({ type: 'warning', message: STILL_UPLOADING })
      return
    }
    // The server checks the draft (subject, message, or a text's attachments alone) and its refusal is shown.
    const mediaUrls = mode === 'SMS' ? attachments.urls : []
    send.mutate(
      { leadId, customerId, mode, content: content.trim(), subject: subject.trim(), mediaUrls },
      {
        onSuccess: () => {
          // The files went with the text: their chips go at once (a template applied before the text clears starts afresh).
          if (mediaUrls.length > 0) attachments.clear()
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

  function onDragOver(event: DragEvent<HTMLFormElement>) {
    if (!canAttach || !draggingFiles(event)) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDropping(true)
  }

  return (
    <form
      className={`chat-editor${dropping ? ' is-drop-target' : ''}`}
      aria-label="Message editor"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false)
      }}
      onDrop={(event) => {
        if (!draggingFiles(event)) return
        event.preventDefault()
        setDropping(false)
        if (canAttach) attachments.add(Array.from(event.dataTransfer.files))
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
      <AttachmentChips
        attachments={attachments.attachments}
        onRemove={attachments.remove}
        disabled={busy}
        note={mode === 'SMS' ? undefined : ATTACHMENTS_NOT_SENT}
      />
      <div className="chat-editor__row">
        {mode === 'SMS' ? (
          <>
            <button
              type="button"
              className="btn chat-editor__attach"
              aria-label="Attach file"
              title="Attach a picture or a file"
              disabled={!canAttach}
              onClick={() => fileInput.current?.click()}
            >
              {/* Drawn, not an emoji: not every system has an emoji font. */}
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path
                  d="M13.5 7.5 8.2 12.8a3.3 3.3 0 0 1-4.7-4.7L9 2.6a2.2 2.2 0 0 1 3.1 3.1L6.7 11.1a1.1 1.1 0 0 1-1.6-1.6l5-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </button>
            <input
              ref={fileInput}
              type="file"
              hidden
              multiple
              accept={ATTACHMENT_PICKER_ACCEPT}
              data-testid="attachment-input"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? [])
                // Cleared, so that choosing the same file again is a change too.
                event.target.value = ''
                if (files.length > 0) attachments.add(files)
              }}
            />
          </>
        ) : null}
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
      {attachments.refusals.length > 0 ? (
        <div className="chat-editor__refusal" role="alert" data-testid="attachment-refusal">
          {attachments.refusals.map((refusal) => (
            <p key={refusal.key}>
              <strong>{refusal.fileName}</strong> was not attached: {refusal.problems.join(' ')}
            </p>
          ))}
        </div>
      ) : null}
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
