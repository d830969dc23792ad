import { useId, useMemo, useRef, useState } from 'react'
import { formatPhone } from '../../../lib/format-phone'
import type { MessageView } from '../../../lib/message-events'
import { sanitizeHtml } from '../../../lib/sanitize-html'
import { clockTime, messageDateLabel } from '../../../lib/date-time'
import {
  callDurationText,
  cardKind,
  delayStyle,
  handoffTitle,
  isCustomerMessage,
  isSentStyle,
  mediaItem,
  recordingSrc,
  type CardKind,
  type LeadSwitches,
  type MediaItem,
} from './conversation-model'
import { DeliveryStatusIcon } from './delivery-status-icon'
import { LogModeControl } from './log-mode-control'
import { MessageOptions, type OptionsAppointmentSearch } from './message-options'
import { NoteUndoButton, type NoteUndoContext } from './note-undo-button'
import { selectedTextWithin } from './selected-text'
import { useSelectionMenu } from './selection-menu'

export interface MessageCardProps {
  leadId: number
  message: MessageView
  /** The conversation's lead (the options menu follows its switches); unknown while it loads. */
  lead?: LeadSwitches
  /** The lead's store (the selection menu's Appointment Search looks there); the message's store when not given. */
  storeId?: number
  /** The store's time zone (IANA); times are shown in it. */
  timeZone?: string
  now: number
  /** SUPER_DATA_ADMIN or SUPER_USER: the options menu and the log-mode control. */
  privileged: boolean
  /** Enterprise-level users: no TO label, no sender colour badge. */
  enterpriseStyle: boolean
  onArchive: (messageId: number) => void
  /** Given on the latest internal note only: the note timer decides whether its author may still undo it. */
  noteUndo?: NoteUndoContext
}

function senderName(message: MessageView): string {
  return message.fromName || message.messageSentBy || (isCustomerMessage(message) ? 'Customer' : 'Staff')
}

const KIND_LABEL: Record<CardKind, string> = {
  sms: 'Text',
  email: 'E-mail',
  calendar: 'Calendar invite',
  note: 'Internal note',
  handoff: 'Handoff',
  call: 'Call',
  task: 'Task',
}

/** One end of a call: the name, then the number as phones are shown; '—' when neither is known. */
function CallParty({ name, phone }: { name?: string; phone?: string }) {
  const number = formatPhone(phone)
  if (!name && !number) return <>—</>
  return (
    <>
      {name}
      {name && number ? ' ' : null}
      {number ? <span className="chat-msg__phone">{number}</span> : null}
    </>
  )
}

/**
 * A call (spec section 2): who called whom, when, for how long, its recording
 * when there is one; how it ended and the notes logged with it.
 */
function CallFacts({ message, timeZone }: { message: MessageView; timeZone?: string }) {
  const src = recordingSrc(message.url)
  // The summary reads "Outgoing call, 41s, voicemail left": its third part is how the call ended.
  const [summary = '', ...noteLines] = message.content.split('\n')
  const outcome = summary.split(', ').slice(2).join(', ')
  const notes = noteLines.join('\n').trim()
  return (
    <>
      <dl className="chat-msg__facts">
        <dt>From</dt>
        <dd>
          <CallParty name={message.fromName} phone={message.from} />
        </dd>
        <dt>To</dt>
        <dd>
          <CallParty name={message.toName} phone={message.to} />
        </dd>
        <dt>Start time</dt>
        <dd>{clockTime(message.startTime, timeZone) || '—'}</dd>
        <dt>Duration</dt>
        <dd>{callDurationText(message.callDuration)}</dd>
        {outcome ? (
          <>
            <dt>Outcome</dt>
            <dd>{outcome}</dd>
          </>
        ) : null}
      </dl>
      {notes ? <p className="chat-msg__call-notes">{notes}</p> : null}
      {src ? (
        <audio className="chat-msg__audio" controls preload="none" src={src} aria-label="Call recording" />
      ) : (
        <p className="chat-msg__no-recording">No recording</p>
      )}
    </>
  )
}

/**
 * Files attached to a message: pictures shown (not zoomed or offered for
 * download, spec section 2), other files (PDF, recordings) as links with their
 * name; a picture that cannot be shown becomes such a link.
 */
function MessageMedia({ urls }: { urls: readonly string[] }) {
  const items = urls.flatMap((url, i) => {
    const item = mediaItem(url, i)
    return item ? [item] : []
  })
  if (items.length === 0) return null
  return (
    <div className="chat-msg__media" data-testid="message-media">
      {items.map((item, i) =>
        item.kind === 'image' ? <MediaPicture key={`${i}-${item.src}`} item={item} /> : <MediaLink key={`${i}-${item.src}`} item={item} />,
      )}
    </div>
  )
}

function MediaLink({ item }: { item: MediaItem }) {
  return (
    <a href={item.src} target="_blank" rel="noopener noreferrer">
      {item.name}
    </a>
  )
}

function MediaPicture({ item }: { item: MediaItem }) {
  const [broken, setBroken] = useState(false)
  if (broken) return <MediaLink item={item} />
  return <img src={item.src} alt={item.name} loading="lazy" draggable={false} onError={() => setBroken(true)} />
}

/**
 * One message of a chat box (spec section 2): a card whose kind follows the
 * message (text, e-mail with subject, calendar invite, task, call, internal
 * note, handoff), on the sent side for staff messages to the customer, with
 * sender, time in the store's zone, TO label, delivery status and the options
 * menu; the author's latest note offers its undo while the note timer runs.
 */
export function MessageCard({
  leadId,
  message,
  lead,
  storeId,
  timeZone,
  now,
  privileged,
  enterpriseStyle,
  onArchive,
  noteUndo,
}: MessageCardProps) {
  const kind = cardKind(message)
  const sent = isSentStyle(message)
  const restricted = sent && message.messageStatus.trim().toUpperCase() === 'RESTRICTED'
  const delay = delayStyle(message, now)
  const title = handoffTitle(message)
  const [expanded, setExpanded] = useState(false)
  const bodyId = useId()
  const html = useMemo(() => sanitizeHtml(message.content), [message.content])
  const selection = useSelectionMenu({ leadId, storeId: storeId ?? message.storeId, timeZone })
  const bodyRef = useRef<HTMLDivElement>(null)
  // The options menu offers Appointment Search on messages whose text can be selected (calls and tasks have no menu).
  const appointmentSearch: OptionsAppointmentSearch | undefined =
    html && kind !== 'call' && kind !== 'task'
      ? { selectedText: () => selectedTextWithin(bodyRef.current, window.getSelection()), open: selection.openAppointmentSearch }
      : undefined

  const classes = [
    'chat-msg',
    sent ? 'chat-msg--sent' : 'chat-msg--received',
    `chat-msg--${kind}`,
    message.archived ? 'is-archived' : '',
    restricted ? 'chat-msg--restricted' : '',
    delay ? `chat-msg--delay-${delay}` : '',
  ]
    .filter(Boolean)
    .join(' ')

  const body = html ? (
    <div
      ref={bodyRef}
      id={bodyId}
      className="chat-msg__body"
      // Focusable from script only: the selection menu and its dialogs give focus back here.
      tabIndex={-1}
      onContextMenu={selection.onContextMenu}
      // Sanitised above with an allow-list: no scripts, handlers or unsafe addresses.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  ) : null

  return (
    <li
      className={classes}
      data-testid="chat-message"
      data-message-id={message.id}
      data-kind={kind}
      data-archived={message.archived || undefined}
      data-delay={delay ?? undefined}
    >
      <article className="chat-msg__card" aria-label={`${title ?? KIND_LABEL[kind]} from ${senderName(message)}`}>
        <header className="chat-msg__header">
          <span className="chat-msg__who">
            {sent && !enterpriseStyle && message.userColorCode ? (
              <span className="chat-msg__color" style={{ background: message.userColorCode }} aria-hidden="true" />
            ) : null}
            <span className="chat-msg__sender">{title ?? senderName(message)}</span>
            <time className="chat-msg__time" dateTime={message.createdOn}>
              {messageDateLabel(message.createdOn, now, timeZone)}
            </time>
            {message.archived ? <span className="chat-msg__flag">Archived</span> : null}
          </span>
          {kind === 'note' && noteUndo ? <NoteUndoButton leadId={leadId} noteId={message.id} {...noteUndo} /> : null}
          {privileged ? (
            <MessageOptions
              leadId={leadId}
              message={message}
              lead={lead}
              timeZone={timeZone}
              onArchive={onArchive}
              appointmentSearch={appointmentSearch}
            />
          ) : null}
        </header>
        {sent && !enterpriseStyle && message.toName ? <p className="chat-msg__to">TO: {message.toName}</p> : null}
        {kind === 'handoff' ? (
          <>
            <button
              type="button"
              className="chat-msg__toggle"
              aria-expanded={expanded}
              aria-controls={bodyId}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? 'Hide details' : 'Show details'}
            </button>
            {expanded ? body : null}
          </>
        ) : (
          <>
            {kind === 'email' && message.subject ? (
              <p className="chat-msg__subject">
                <span className="chat-msg__term">Subject:</span> {message.subject}
              </p>
            ) : null}
            {kind === 'calendar' ? (
              <dl className="chat-msg__facts">
                <dt>Subject</dt>
                <dd>{message.subject || '—'}</dd>
                <MeetingFacts message={message} timeZone={timeZone} />
              </dl>
            ) : null}
            {kind === 'task' ? (
              <>
                <p className="chat-msg__subject">{message.subject || 'Task'}</p>
                <dl className="chat-msg__facts">
                  <MeetingFacts message={message} timeZone={timeZone} />
                </dl>
              </>
            ) : null}
            {kind === 'call' ? <CallFacts message={message} timeZone={timeZone} /> : body}
          </>
        )}
        <MessageMedia urls={message.mediaUrls} />
        {sent || (privileged && message.logMode) ? (
          <footer className="chat-msg__footer">
            {privileged ? <LogModeControl leadId={leadId} message={message} /> : null}
            {sent ? <DeliveryStatusIcon message={message} /> : null}
          </footer>
        ) : null}
      </article>
      {selection.menu}
    </li>
  )
}

/** Host, guest and time: the facts calendar invites and tasks share (spec section 2). */
function MeetingFacts({ message, timeZone }: { message: MessageView; timeZone?: string }) {
  return (
    <>
      <dt>Host</dt>
      <dd>{message.fromName || '—'}</dd>
      <dt>Guest</dt>
      <dd>{message.toName || '—'}</dd>
      <dt>Time</dt>
      <dd>{clockTime(message.startTime, timeZone) || '—'}</dd>
    </>
  )
}
