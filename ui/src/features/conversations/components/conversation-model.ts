/**
 * Pure rules behind a chat box (spec sections 2, 4, 5 and 9): which card a
 * message is, which side it sits on, its delivery icon, delayed-response style,
 * day and time breaks, the options it offers, the editor's checks and the note timer.
 */
import {
  NOTE_UNDO_WINDOW_MS,
  RESPONSE_DELAY_FIVE_MS,
  RESPONSE_DELAY_THREE_MS,
  TIME_BREAK_GAP_MS,
} from '../../../lib/config'
import type { MessageView } from '../../../lib/message-events'
import { clockTime, dayBreakLabel, dayKey, timeOf } from '../../../lib/date-time'
import type { Lead } from '../api/get-lead'
import type { EditorMode } from '../api/send-message'

type Kind = Pick<MessageView, 'messageType' | 'notificationType'>

export type CardKind = 'sms' | 'email' | 'calendar' | 'note' | 'handoff' | 'call' | 'task'

/** Handoff notifications titled by their notification type. */
const HANDOFF_TITLES: ReadonlyMap<string, string> = new Map([
  ['INTERNAL_NOTIFICATION_GM', 'GM HANDOFF'],
  ['INTERNAL_NOTIFICATION_GM_FOLLOW_UP', 'GM HANDOFF II'],
  ['INTERNAL_NOTIFICATION_MD', 'MD HANDOFF'],
])

/** Workflow-track notifications (INTERNAL_NOTIFICATION) that are handoffs, by track code (their subject). */
const TRACK_HANDOFF_TITLES: ReadonlyMap<string, string> = new Map([['CUSTOMER_A_HANDOFF', 'Customer HANDOFF']])

/**
 * GM HANDOFF, GM HANDOFF II or MD HANDOFF for handoff notifications, Customer
 * HANDOFF for the CUSTOMER_A_HANDOFF workflow track, else null.
 */
export function handoffTitle(message: Pick<MessageView, 'notificationType' | 'subject'>): string | null {
  const title = HANDOFF_TITLES.get(message.notificationType)
  if (title) return title
  if (message.notificationType === 'INTERNAL_NOTIFICATION' && message.subject) {
    return TRACK_HANDOFF_TITLES.get(message.subject) ?? null
  }
  return null
}

export function isNote(message: Kind): boolean {
  return message.messageType === 'INTERNAL_NOTES' || message.notificationType === 'INTERNAL_NOTES'
}

export function cardKind(message: Kind & Pick<MessageView, 'subject'>): CardKind {
  if (isNote(message)) return 'note'
  if (handoffTitle(message)) return 'handoff'
  if (message.notificationType === 'CALL' || message.notificationType === 'VOICEMAIL_LEFT') return 'call'
  if (message.notificationType === 'SCHEDULE_INTERNAL_TASK') return 'task'
  if (message.messageType === 'CALENDAR_INVITE') return 'calendar'
  if (message.messageType === 'EMAIL') return 'email'
  return 'sms'
}

/**
 * A call's length for its card: hours, minutes and seconds, the leading unit
 * as is and the others on two digits ("45 s", "3 min 12 s", "1 h 02 min 05 s");
 * '—' when unknown.
 */
export function callDurationText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—'
  const total = Math.round(seconds)
  const h = Math.floor(total / 3600)
  const m = Math.floor(total / 60) % 60
  const s = total % 60
  const two = (n: number) => String(n).padStart(2, '0')
  if (h > 0) return `${h} h ${two(m)} min ${two(s)} s`
  if (m > 0) return `${m} min ${two(s)} s`
  return `${s} s`
}

/**
 * A call recording's address for the audio player: an absolute http(s) URL or
 * a same-origin path (`/media/…`); null when absent or anything else.
 */
export function recordingSrc(url: string | null | undefined): string | null {
  const value = url?.trim()
  if (!value) return null
  if (/^https?:\/\/[^/]/i.test(value)) return value
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value
  return null
}

/** A file attached to a message, as its card shows it. */
export interface MediaItem {
  src: string
  /** A picture is shown; any other file is a link with its name. */
  kind: 'image' | 'file'
  /** The file's name (the address's last part), else "Attachment N". */
  name: string
}

/** Names that are pictures; a name without an extension (a provider's MMS media address) is taken for one too. */
const PICTURE_NAME = /\.(?:jpe?g|png|gif|webp|bmp|heic|heif)$/i
const EXTENSION = /\.[a-z0-9]{1,5}$/i

/**
 * How a message's media address is shown: pictures as pictures, other files
 * (PDF, recordings) as links named by the file; the address is taken only as
 * an http(s) URL or a same-origin path (null otherwise).
 */
export function mediaItem(url: string, index: number): MediaItem | null {
  const src = recordingSrc(url)
  if (!src) return null
  let last = ''
  try {
    last = new URL(src, 'http://localhost').pathname.split('/').pop() ?? ''
    last = decodeURIComponent(last)
  } catch {
    // Not valid percent-encoding: the name stays as written.
  }
  const named = EXTENSION.test(last)
  return {
    src,
    kind: !named || PICTURE_NAME.test(last) ? 'image' : 'file',
    name: named ? last : `Attachment ${index + 1}`,
  }
}

/** Sent style (staff to customer) for MESSAGE_TO_CUSTOMER and USER_INVITE, received style otherwise. */
export function isSentStyle(message: Pick<MessageView, 'notificationType'>): boolean {
  return message.notificationType === 'MESSAGE_TO_CUSTOMER' || message.notificationType === 'USER_INVITE'
}

/** A message from the customer. */
export function isCustomerMessage(message: Pick<MessageView, 'direction'>): boolean {
  return message.direction.toUpperCase() === 'RECEIVED'
}

export type DeliveryIcon = 'restricted' | 'failed' | 'double-check' | 'check' | 'unknown'

/** The delivery status icon of a staff message and its hover text (spec section 4). */
export function deliveryIcon(message: Pick<MessageView, 'messageStatus' | 'errors'>): { icon: DeliveryIcon; title: string } {
  const status = message.messageStatus.trim().toLowerCase()
  const errors = message.errors?.trim()
  switch (status) {
    case 'restricted':
      return { icon: 'restricted', title: errors || 'Restricted' }
    case 'failed':
    case 'undelivered':
      return { icon: 'failed', title: errors || 'Unknown error' }
    case 'delivered':
    case 'received':
    case 'receiving':
      return { icon: 'double-check', title: 'Delivered' }
    case 'sent':
    case 'sending':
    case 'accepted':
    case 'queued':
      return { icon: 'check', title: 'Sent' }
    default:
      return { icon: 'unknown', title: errors || 'Unknown status' }
  }
}

export type DelayStyle = 'three' | 'five'

/**
 * Delayed-response style (spec section 9) of a customer message or internal
 * note that waits for a response: over 3 minutes up to 5, 'three'; over 5, 'five'.
 */
export function delayStyle(
  message: Pick<MessageView, 'responseReqd' | 'createdOn' | 'direction' | 'messageType' | 'notificationType'>,
  now: number,
): DelayStyle | null {
  if (!message.responseReqd || !(isCustomerMessage(message) || isNote(message))) return null
  const waited = now - timeOf(message.createdOn)
  if (!Number.isFinite(waited)) return null
  if (waited > RESPONSE_DELAY_FIVE_MS) return 'five'
  if (waited > RESPONSE_DELAY_THREE_MS) return 'three'
  return null
}

export type TimelineItem =
  | { type: 'day'; key: string; label: string }
  | { type: 'time'; key: string; label: string }
  | { type: 'message'; key: string; message: MessageView }

function breaksTime(message: MessageView): boolean {
  return isCustomerMessage(message) || handoffTitle(message) !== null
}

/**
 * The conversation with its breaks: a day break before the first message and
 * whenever the day (in `timeZone`) changes; a time break when over 4 minutes
 * separate two consecutive customer or handoff messages of the same day.
 */
export function buildTimeline(messages: readonly MessageView[], now: number, timeZone?: string): TimelineItem[] {
  const items: TimelineItem[] = []
  let previous: MessageView | undefined
  let previousDay: string | undefined
  for (const message of messages) {
    const t = timeOf(message.createdOn)
    const day = Number.isFinite(t) ? dayKey(t, timeZone) : (previousDay ?? '')
    if (day !== previousDay) {
      items.push({ type: 'day', key: `day-${day}`, label: dayBreakLabel(day, now, timeZone) })
    } else if (
      previous &&
      breaksTime(previous) &&
      breaksTime(message) &&
      t - timeOf(previous.createdOn) > TIME_BREAK_GAP_MS
    ) {
      items.push({ type: 'time', key: `time-${message.id}`, label: clockTime(message.createdOn, timeZone) })
    }
    items.push({ type: 'message', key: `message-${message.id}`, message })
    previous = message
    previousDay = day
  }
  return items
}

/** What the options menu offers on a message (spec section 6), for users who may use it. */
export interface MessageOptions {
  logMode: boolean
  /** Show Intents: what the assistant understood of a customer message. */
  intents: boolean
  /** The date-time dialogue's switch (its badge: green when off, red when on). */
  dt: boolean
  archive: boolean
  /** Action Intents and Default Action Intents: act on an intent of a customer message. */
  actionIntents: boolean
  responseTime: boolean
  /** GM Handoff and Manual Handoff (spec I-R7), and the lead's AI switch: on customer messages once the lead is known. */
  handoffs: boolean
}

/** The lead's switches the options menu follows: its assistant (action intents) and date-time dialogue. */
export type LeadSwitches = Pick<Lead, 'aiEnabled' | 'dtDialogEnabled'>

export interface MessageOptionsContext {
  /** The conversation's lead; until it is known, DT and the action intents are not offered. */
  lead?: LeadSwitches
  /** Hide DT (the spec's `noDt`). */
  noDt?: boolean
}

const NO_OPTIONS: MessageOptions = {
  logMode: false,
  intents: false,
  dt: false,
  archive: false,
  actionIntents: false,
  responseTime: false,
  handoffs: false,
}

/**
 * On customer messages: Log mode, Show Intents, DT (unless `noDt`), Archive, the handoffs and
 * the AI switch and, while the lead's assistant is on (action intents enabled), Action Intents
 * and Default Action Intents.
 * On messages to the customer: Archive and Set Response Time. On notes and handoffs: Archive.
 * Other internal notifications (calls, tasks, workflow tracks that are not handoffs) offer nothing.
 */
export function messageOptions(
  message: Pick<MessageView, 'direction' | 'messageType' | 'notificationType' | 'subject' | 'archived' | 'logMode'>,
  { lead, noDt = false }: MessageOptionsContext = {},
): MessageOptions {
  const archive = !message.archived
  if (isCustomerMessage(message)) {
    return {
      ...NO_OPTIONS,
      logMode: !message.logMode,
      intents: true,
      dt: !noDt && lead !== undefined,
      archive,
      actionIntents: lead?.aiEnabled === true,
      handoffs: lead !== undefined,
    }
  }
  if (isSentStyle(message)) return { ...NO_OPTIONS, archive, responseTime: true }
  if (isNote(message) || handoffTitle(message)) return { ...NO_OPTIONS, archive }
  return NO_OPTIONS
}

export function hasOptions(options: MessageOptions): boolean {
  return Object.values(options).some(Boolean)
}

/** The three-dot icon's colour: dark if archived, amber for notes, green otherwise. */
export function optionsTone(message: Kind & Pick<MessageView, 'archived'>): 'archived' | 'note' | 'default' {
  if (message.archived) return 'archived'
  return isNote(message) ? 'note' : 'default'
}

/** The log-mode control of a log-mode customer message (spec section 4), or null. */
export function logModeControl(
  message: Pick<MessageView, 'logMode' | 'validLogMode' | 'direction'>,
): { check: boolean; pencil: boolean; valid: boolean | null } | null {
  if (!message.logMode || !isCustomerMessage(message)) return null
  if (message.validLogMode === true) return { check: false, pencil: true, valid: true }
  if (message.validLogMode === false) return { check: true, pencil: true, valid: false }
  return { check: true, pencil: false, valid: null }
}

/**
 * A field of an applied template that the lead has no value for: the server
 * leaves it as its placeholder (`{{customer_email}}`) and refuses to send a
 * message still holding one.
 */
export interface MissingTemplateField {
  /** What goes inside `{{…}}`. */
  key: string
  /** The insert-field menu it is in (Customer…). */
  group: string
  label: string
  /** The field as written, e.g. `{{customer_email}}`. */
  placeholder: string
}

/** A template filled for the conversation's lead, as the template panel's Apply hands it to the editor. */
export interface AppliedTemplate {
  title?: string
  /** What an SMS sends (tags out, one line). */
  text: string
  /** The body as an editor shows it (newlines for line breaks): what an e-mail or a note starts from. */
  editorBody: string
  missingFields: readonly MissingTemplateField[]
}

/** What an applied template puts in the editor: the SMS text for SMS, the editor body otherwise. */
export function appliedContent(mode: EditorMode, applied: AppliedTemplate): string {
  return mode === 'SMS' ? applied.text : applied.editorBody
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The missing fields whose placeholder (`{{key}}`, spaces inside allowed) is still in `content`. */
export function missingFieldsLeft(
  content: string,
  missing: readonly MissingTemplateField[],
): MissingTemplateField[] {
  return missing.filter((f) => new RegExp(`\\{\\{\\s*${escapeRegExp(f.key)}\\s*\\}\\}`).test(content))
}

/** The warning for a missing field: `This lead has no Customer › Email: type it in or remove {{customer_email}} before sending`. */
export function missingFieldWarning(field: MissingTemplateField): string {
  return `This lead has no ${field.group} › ${field.label}: type it in or remove ${field.placeholder} before sending`
}

/** The newest message's id, or undefined for an empty conversation (for read acknowledgements). */
export function lastMessageId(messages: readonly Pick<MessageView, 'id'>[] | undefined): number | undefined {
  return messages?.at(-1)?.id
}

/** The newest internal note still standing (an undone note is archived), or undefined. */
export function latestNote<M extends Kind & Pick<MessageView, 'archived'>>(messages: readonly M[]): M | undefined {
  return messages.findLast((m) => isNote(m) && !m.archived)
}

/**
 * Whether `username` wrote the note. The history names a note's author only by
 * `messageSentBy`, which the server fills with the writer's username (unique);
 * it carries no sender user id.
 */
export function isOwnNote(note: Kind & Pick<MessageView, 'messageSentBy'>, username: string | undefined): boolean {
  return isNote(note) && !!username && note.messageSentBy === username
}

export interface NoteUndoState {
  /** Whether the undo action may fire now. */
  available: boolean
  /** Whole seconds left of the 40-second window, 0 once it is over. */
  secondsLeft: number
}

const NO_UNDO: NoteUndoState = { available: false, secondsLeft: 0 }

/**
 * The note timer (spec section 5) of note `noteId` for the user `username`: a
 * 40-second countdown from the note's creation, floored to whole seconds (a
 * clock behind the server's never shows more than 40). The undo is available
 * only while time remains above zero, for the author's own note, when it is the
 * latest internal note and no customer message came after it (by id, as the
 * server checks; archived customer messages count too).
 */
export function noteUndoState(
  messages: readonly MessageView[],
  noteId: number,
  username: string | undefined,
  now: number,
): NoteUndoState {
  const note = latestNote(messages)
  if (!note || note.id !== noteId || !isOwnNote(note, username)) return NO_UNDO
  if (messages.some((m) => isCustomerMessage(m) && m.id > note.id)) return NO_UNDO
  const elapsed = now - timeOf(note.createdOn)
  if (!Number.isFinite(elapsed)) return NO_UNDO
  const windowSeconds = NOTE_UNDO_WINDOW_MS / 1000
  const secondsLeft = Math.min(windowSeconds, Math.max(0, Math.floor((NOTE_UNDO_WINDOW_MS - elapsed) / 1000)))
  return { available: secondsLeft > 0, secondsLeft }
}
