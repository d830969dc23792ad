import { describe, expect, it } from 'vitest'
import type { MessageView } from '../../../lib/message-events'
import { messageFixture } from '../../../test/message-fixture'
import {
  buildTimeline,
  callDurationText,
  cardKind,
  delayStyle,
  deliveryIcon,
  handoffTitle,
  hasOptions,
  isSentStyle,
  latestNote,
  logModeControl,
  messageOptions,
  noteUndoState,
  optionsTone,
  mediaItem,
  recordingSrc,
} from './conversation-model'

const tz = 'America/New_York'
/** 2026-11-22 14:00 in New York. */
const now = Date.parse('2026-11-22T19:00:00Z')

function customer(id: number, createdOn: string, extra: Partial<MessageView> = {}): MessageView {
  return messageFixture({
    id,
    createdOn,
    direction: 'RECEIVED',
    notificationType: 'MESSAGE_FROM_CUSTOMER',
    messageStatus: 'received',
    ...extra,
  })
}

function staff(id: number, createdOn: string, extra: Partial<MessageView> = {}): MessageView {
  return messageFixture({ id, createdOn, ...extra })
}

describe('deliveryIcon', () => {
  it.each([
    ['RESTRICTED', 'restricted'],
    ['failed', 'failed'],
    ['undelivered', 'failed'],
    ['delivered', 'double-check'],
    ['received', 'double-check'],
    ['receiving', 'double-check'],
    ['sent', 'check'],
    ['sending', 'check'],
    ['accepted', 'check'],
    ['queued', 'check'],
    ['read', 'unknown'],
    ['stored', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s → %s', (messageStatus, icon) => {
    expect(deliveryIcon({ messageStatus }).icon).toBe(icon)
  })

  it('explains failures with the errors, else the spec defaults', () => {
    expect(deliveryIcon({ messageStatus: 'failed', errors: 'Unreachable handset' }).title).toBe('Unreachable handset')
    expect(deliveryIcon({ messageStatus: 'undelivered' }).title).toBe('Unknown error')
    expect(deliveryIcon({ messageStatus: 'paused' }).title).toBe('Unknown status')
    expect(deliveryIcon({ messageStatus: 'paused', errors: 'Carrier hold' }).title).toBe('Carrier hold')
  })
})

describe('card kinds and sides', () => {
  it('tells the cards apart', () => {
    expect(cardKind({ messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER' })).toBe('sms')
    expect(cardKind({ messageType: 'EMAIL', notificationType: 'MESSAGE_TO_CUSTOMER' })).toBe('email')
    expect(cardKind({ messageType: 'CALENDAR_INVITE', notificationType: 'MESSAGE_TO_CUSTOMER' })).toBe('calendar')
    expect(cardKind({ messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES' })).toBe('note')
    expect(cardKind({ messageType: 'EMAIL', notificationType: 'INTERNAL_NOTIFICATION_GM' })).toBe('handoff')
    expect(cardKind({ messageType: 'INTERNAL', notificationType: 'CALL' })).toBe('call')
    expect(cardKind({ messageType: 'INTERNAL', notificationType: 'SCHEDULE_INTERNAL_TASK', subject: 'Call back' })).toBe('task')
    expect(cardKind({ messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION', subject: 'CUSTOMER_A_HANDOFF' })).toBe(
      'handoff',
    )
    // Other workflow tracks stay plain notifications.
    const noShow = { messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION', subject: 'CUSTOMER_NO_SHOW' }
    expect(cardKind(noShow)).toBe('sms')
  })

  it('titles the handoffs', () => {
    expect(handoffTitle({ notificationType: 'INTERNAL_NOTIFICATION_GM' })).toBe('GM HANDOFF')
    expect(handoffTitle({ notificationType: 'INTERNAL_NOTIFICATION_GM_FOLLOW_UP' })).toBe('GM HANDOFF II')
    expect(handoffTitle({ notificationType: 'INTERNAL_NOTIFICATION_MD' })).toBe('MD HANDOFF')
    expect(handoffTitle({ notificationType: 'INTERNAL_NOTIFICATION' })).toBeNull()
  })

  it('titles the CUSTOMER_A_HANDOFF workflow track Customer HANDOFF', () => {
    expect(handoffTitle({ notificationType: 'INTERNAL_NOTIFICATION', subject: 'CUSTOMER_A_HANDOFF' })).toBe('Customer HANDOFF')
    expect(handoffTitle({ notificationType: 'INTERNAL_NOTIFICATION', subject: 'CUSTOMER_A_MD_HANDOFF' })).toBeNull()
    expect(handoffTitle({ notificationType: 'INTERNAL_NOTIFICATION', subject: 'toString' })).toBeNull()
    // The track code names the handoff only on workflow-track notifications.
    expect(handoffTitle({ notificationType: 'MESSAGE_TO_CUSTOMER', subject: 'CUSTOMER_A_HANDOFF' })).toBeNull()
    // The notification type wins over the subject.
    expect(handoffTitle({ notificationType: 'INTERNAL_NOTIFICATION_MD', subject: 'CUSTOMER_A_MD_HANDOFF' })).toBe('MD HANDOFF')
  })

  it('shows calls and tasks in the received style', () => {
    expect(isSentStyle({ notificationType: 'CALL' })).toBe(false)
    expect(isSentStyle({ notificationType: 'SCHEDULE_INTERNAL_TASK' })).toBe(false)
  })

  it('uses the sent style for MESSAGE_TO_CUSTOMER and USER_INVITE only', () => {
    expect(isSentStyle({ notificationType: 'MESSAGE_TO_CUSTOMER' })).toBe(true)
    expect(isSentStyle({ notificationType: 'USER_INVITE' })).toBe(true)
    expect(isSentStyle({ notificationType: 'MESSAGE_FROM_CUSTOMER' })).toBe(false)
    expect(isSentStyle({ notificationType: 'INTERNAL_NOTES' })).toBe(false)
  })
})

describe('callDurationText', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min 00 s'],
    [192, '3 min 12 s'],
    [605, '10 min 05 s'],
    [3600, '1 h 00 min 00 s'],
    [3725, '1 h 02 min 05 s'],
    [36_000 + 59 * 60 + 59, '10 h 59 min 59 s'],
    [44.6, '45 s'],
  ])('%s seconds → %s', (seconds, text) => {
    expect(callDurationText(seconds)).toBe(text)
  })

  it('shows a dash when the length is unknown', () => {
    expect(callDurationText(undefined)).toBe('—')
    expect(callDurationText(null)).toBe('—')
    expect(callDurationText(Number.NaN)).toBe('—')
    expect(callDurationText(-1)).toBe('—')
  })
})

describe('recordingSrc', () => {
  it('plays absolute http(s) addresses and same-origin paths', () => {
    expect(recordingSrc('https://cdn.example.com/rec/1.mp3')).toBe('https://cdn.example.com/rec/1.mp3')
    expect(recordingSrc('http://recordings.local/2.wav')).toBe('http://recordings.local/2.wav')
    expect(recordingSrc('/media/abc123/call-recording.wav')).toBe('/media/abc123/call-recording.wav')
  })

  it('plays nothing else', () => {
    expect(recordingSrc(undefined)).toBeNull()
    expect(recordingSrc('  ')).toBeNull()
    expect(recordingSrc('javascript:alert(1)')).toBeNull()
    expect(recordingSrc('data:audio/wav;base64,AAAA')).toBeNull()
    expect(recordingSrc('//evil.example.com/a.wav')).toBeNull()
    expect(recordingSrc('/\\evil.example.com/a.wav')).toBeNull()
    expect(recordingSrc('media/a.wav')).toBeNull()
  })
})

describe('delayStyle', () => {
  const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString()

  it('styles customer messages waiting over 3 and over 5 minutes', () => {
    expect(delayStyle(customer(1, minutesAgo(2), { responseReqd: true }), now)).toBeNull()
    expect(delayStyle(customer(1, minutesAgo(3), { responseReqd: true }), now)).toBeNull()
    expect(delayStyle(customer(1, minutesAgo(3.5), { responseReqd: true }), now)).toBe('three')
    expect(delayStyle(customer(1, minutesAgo(5), { responseReqd: true }), now)).toBe('three')
    expect(delayStyle(customer(1, minutesAgo(5.1), { responseReqd: true }), now)).toBe('five')
  })

  it('styles internal notes the same way', () => {
    const note = staff(2, minutesAgo(4), { messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES', responseReqd: true })
    expect(delayStyle(note, now)).toBe('three')
  })

  it('leaves messages without a required response and staff messages alone', () => {
    expect(delayStyle(customer(1, minutesAgo(10)), now)).toBeNull()
    expect(delayStyle(staff(3, minutesAgo(10), { responseReqd: true }), now)).toBeNull()
  })
})

describe('buildTimeline', () => {
  it('puts a day break before each new day in the store zone', () => {
    const items = buildTimeline(
      [
        staff(1, '2026-11-03T15:00:00Z'),
        // 23:30 UTC on the 21st is still the 21st in New York; 04:00 UTC on the 22nd is the 21st too.
        customer(2, '2026-11-21T23:30:00Z'),
        staff(3, '2026-11-22T04:00:00Z'),
        staff(4, '2026-11-22T15:00:00Z'),
      ],
      now,
      tz,
    )
    expect(items.map((i) => (i.type === 'message' ? i.message.id : i.label))).toEqual([
      'November 3, 2026',
      1,
      'Yesterday',
      2,
      3,
      'Today',
      4,
    ])
  })

  it('adds a time break when over 4 minutes separate consecutive customer or handoff messages', () => {
    const handoff = { notificationType: 'INTERNAL_NOTIFICATION_GM', messageType: 'EMAIL', direction: 'SENT' }
    const items = buildTimeline(
      [
        customer(1, '2026-11-22T15:00:00Z'),
        customer(2, '2026-11-22T15:04:00Z'), // exactly 4 minutes: no break
        customer(3, '2026-11-22T15:08:01Z'), // over 4: break
        staff(4, '2026-11-22T15:30:00Z'), // staff: no break
        customer(5, '2026-11-22T15:40:00Z'), // previous was staff: no break
        staff(6, '2026-11-22T15:50:00Z', handoff), // handoff after customer, 10 minutes: break
      ],
      now,
      tz,
    )
    expect(items.map((i) => (i.type === 'message' ? i.message.id : `${i.type}:${i.label}`))).toEqual([
      'day:Today',
      1,
      2,
      'time:10:08 AM',
      3,
      4,
      5,
      'time:10:50 AM',
      6,
    ])
  })

  it('is empty for an empty conversation', () => {
    expect(buildTimeline([], now, tz)).toEqual([])
  })
})

describe('messageOptions', () => {
  const none = { logMode: false, intents: false, dt: false, archive: false, actionIntents: false, responseTime: false, handoffs: false }
  const aiOn = { aiEnabled: true, dtDialogEnabled: false }
  const aiOff = { aiEnabled: false, dtDialogEnabled: true }

  it('offers log mode, show intents and archive on customer messages', () => {
    expect(messageOptions(customer(1, '2026-11-22T15:00:00Z'))).toEqual({ ...none, logMode: true, intents: true, archive: true })
    expect(messageOptions(customer(1, '2026-11-22T15:00:00Z', { logMode: true })).logMode).toBe(false)
    // Show Intents stays on an archived customer message in log mode.
    const archived = messageOptions(customer(1, '2026-11-22T15:00:00Z', { logMode: true, archived: true }))
    expect(archived).toEqual({ ...none, intents: true })
    expect(hasOptions(archived)).toBe(true)
  })

  it('offers DT on customer messages once the lead is known, unless noDt is set', () => {
    const message = customer(1, '2026-11-22T15:00:00Z')
    expect(messageOptions(message).dt).toBe(false)
    // On or off, the switch is offered: its badge shows which.
    expect(messageOptions(message, { lead: aiOff }).dt).toBe(true)
    expect(messageOptions(message, { lead: aiOn }).dt).toBe(true)
    expect(messageOptions(message, { lead: aiOn, noDt: true }).dt).toBe(false)
    expect(messageOptions(staff(2, '2026-11-22T15:00:00Z'), { lead: aiOn }).dt).toBe(false)
  })

  it("offers the action intents on customer messages only while the lead's assistant is on", () => {
    const message = customer(1, '2026-11-22T15:00:00Z')
    expect(messageOptions(message, { lead: aiOn })).toEqual({
      ...none,
      logMode: true,
      intents: true,
      dt: true,
      archive: true,
      actionIntents: true,
      handoffs: true,
    })
    expect(messageOptions(message, { lead: aiOff }).actionIntents).toBe(false)
    // The handoffs and the AI switch wait for the lead, and are for customer messages only.
    expect(messageOptions(message, { lead: aiOff }).handoffs).toBe(true)
    expect(messageOptions(message).handoffs).toBe(false)
    expect(messageOptions(staff(2, '2026-11-22T15:00:00Z'), { lead: aiOn }).handoffs).toBe(false)
    expect(messageOptions(message).actionIntents).toBe(false)
    expect(messageOptions(staff(2, '2026-11-22T15:00:00Z'), { lead: aiOn }).actionIntents).toBe(false)
    // Only the action intents left still make a menu.
    expect(hasOptions({ ...none, actionIntents: true })).toBe(true)
    expect(hasOptions({ ...none, dt: true })).toBe(true)
  })

  it('offers archive and set response time on messages to the customer', () => {
    expect(messageOptions(staff(1, '2026-11-22T15:00:00Z'))).toEqual({ ...none, archive: true, responseTime: true })
  })

  it('offers archive on notes and handoffs, and never archives twice', () => {
    const note = staff(1, '2026-11-22T15:00:00Z', { messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES' })
    expect(messageOptions(note, { lead: aiOn })).toEqual({ ...none, archive: true })
    const handoff = staff(2, '2026-11-22T15:00:00Z', { notificationType: 'INTERNAL_NOTIFICATION_MD' })
    expect(messageOptions(handoff).archive).toBe(true)
    expect(hasOptions(messageOptions({ ...note, archived: true }))).toBe(false)
    expect(hasOptions(messageOptions(staff(3, '2026-11-22T15:00:00Z', { notificationType: 'INTERNAL_NOTIFICATION' })))).toBe(
      false,
    )
  })

  it('offers archive on the Customer HANDOFF, and nothing on calls, tasks and other workflow tracks', () => {
    const track = (subject: string) =>
      staff(1, '2026-11-22T15:00:00Z', { messageType: 'INTERNAL', notificationType: 'INTERNAL_NOTIFICATION', subject })
    expect(messageOptions(track('CUSTOMER_A_HANDOFF'), { lead: aiOn })).toEqual({ ...none, archive: true })
    expect(messageOptions(track('CUSTOMER_NO_SHOW'), { lead: aiOn })).toEqual(none)
    const call = staff(2, '2026-11-22T15:00:00Z', {
      messageType: 'INTERNAL',
      notificationType: 'CALL',
      messageStatus: 'stored',
      callDuration: 192,
    })
    const task = staff(3, '2026-11-22T15:00:00Z', {
      messageType: 'INTERNAL',
      notificationType: 'SCHEDULE_INTERNAL_TASK',
      messageStatus: 'stored',
      subject: 'Call back',
    })
    expect(messageOptions(call, { lead: aiOn })).toEqual(none)
    expect(messageOptions(task, { lead: aiOn })).toEqual(none)
    expect(hasOptions(messageOptions(call))).toBe(false)
    expect(hasOptions(messageOptions(task))).toBe(false)
  })

  it('colours the menu icon: dark if archived, amber for notes, green otherwise', () => {
    expect(optionsTone({ messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER', archived: false })).toBe('default')
    expect(optionsTone({ messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES', archived: false })).toBe('note')
    expect(optionsTone({ messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES', archived: true })).toBe('archived')
  })
})

describe('logModeControl', () => {
  const logged = (validLogMode?: boolean) => customer(1, '2026-11-22T15:00:00Z', { logMode: true, validLogMode })

  it('shows only the check while undecided, the pencil once decided, and the check again when invalid', () => {
    expect(logModeControl(logged())).toEqual({ check: true, pencil: false, valid: null })
    expect(logModeControl(logged(true))).toEqual({ check: false, pencil: true, valid: true })
    expect(logModeControl(logged(false))).toEqual({ check: true, pencil: true, valid: false })
  })

  it('is absent for messages not in log mode and for staff messages', () => {
    expect(logModeControl(customer(1, '2026-11-22T15:00:00Z'))).toBeNull()
    expect(logModeControl(staff(1, '2026-11-22T15:00:00Z', { logMode: true }))).toBeNull()
  })
})

describe('noteUndoState (the note timer)', () => {
  const writtenAt = Date.parse('2026-11-22T15:00:00Z')
  const secondsAfter = (s: number) => writtenAt + s * 1000
  const note = (id: number, extra: Partial<MessageView> = {}) =>
    staff(id, '2026-11-22T15:00:00Z', {
      messageType: 'INTERNAL_NOTES',
      notificationType: 'INTERNAL_NOTES',
      messageSentBy: 'rgarcia',
      ...extra,
    })
  const conversation = [customer(1, '2026-11-22T14:58:00Z'), staff(2, '2026-11-22T14:59:00Z'), note(3)]

  it('counts down from 40 in whole seconds', () => {
    expect(noteUndoState(conversation, 3, 'rgarcia', writtenAt)).toEqual({ available: true, secondsLeft: 40 })
    expect(noteUndoState(conversation, 3, 'rgarcia', secondsAfter(0.4))).toEqual({ available: true, secondsLeft: 39 })
    expect(noteUndoState(conversation, 3, 'rgarcia', secondsAfter(1))).toEqual({ available: true, secondsLeft: 39 })
    expect(noteUndoState(conversation, 3, 'rgarcia', secondsAfter(25))).toEqual({ available: true, secondsLeft: 15 })
    expect(noteUndoState(conversation, 3, 'rgarcia', secondsAfter(39))).toEqual({ available: true, secondsLeft: 1 })
  })

  it('never shows more than 40 when the clock is behind the server', () => {
    expect(noteUndoState(conversation, 3, 'rgarcia', secondsAfter(-5))).toEqual({ available: true, secondsLeft: 40 })
  })

  it('expires once no whole second is left, and stays at 0', () => {
    expect(noteUndoState(conversation, 3, 'rgarcia', secondsAfter(39.5))).toEqual({ available: false, secondsLeft: 0 })
    expect(noteUndoState(conversation, 3, 'rgarcia', secondsAfter(40))).toEqual({ available: false, secondsLeft: 0 })
    expect(noteUndoState(conversation, 3, 'rgarcia', secondsAfter(600))).toEqual({ available: false, secondsLeft: 0 })
  })

  it("is not offered on another author's note, or without a signed-in user", () => {
    expect(noteUndoState(conversation, 3, 'mchen', writtenAt).available).toBe(false)
    expect(noteUndoState(conversation, 3, undefined, writtenAt).available).toBe(false)
    const unnamed = [note(3, { messageSentBy: undefined })]
    expect(noteUndoState(unnamed, 3, 'rgarcia', writtenAt).available).toBe(false)
  })

  it('ends when the customer writes after the note, even if that message is archived', () => {
    const replied = [...conversation, customer(4, '2026-11-22T15:00:10Z')]
    expect(noteUndoState(replied, 3, 'rgarcia', secondsAfter(12))).toEqual({ available: false, secondsLeft: 0 })
    const archivedReply = [...conversation, customer(4, '2026-11-22T15:00:10Z', { archived: true })]
    expect(noteUndoState(archivedReply, 3, 'rgarcia', secondsAfter(12)).available).toBe(false)
    // A staff text after the note does not end it.
    const staffAfter = [...conversation, staff(4, '2026-11-22T15:00:10Z')]
    expect(noteUndoState(staffAfter, 3, 'rgarcia', secondsAfter(12))).toEqual({ available: true, secondsLeft: 28 })
  })

  it('is offered on the latest note only; an undone (archived) note or a message that is not a note gives way', () => {
    const twoNotes = [...conversation, note(4, { createdOn: '2026-11-22T15:00:05Z' })]
    expect(noteUndoState(twoNotes, 3, 'rgarcia', secondsAfter(6)).available).toBe(false)
    expect(noteUndoState(twoNotes, 4, 'rgarcia', secondsAfter(6))).toEqual({ available: true, secondsLeft: 39 })
    const newerUndone = [...conversation, note(4, { archived: true })]
    expect(latestNote(newerUndone)?.id).toBe(3)
    expect(noteUndoState(newerUndone, 3, 'rgarcia', secondsAfter(6)).available).toBe(true)
    expect(noteUndoState(newerUndone, 4, 'rgarcia', secondsAfter(6)).available).toBe(false)
    expect(noteUndoState(conversation, 2, 'rgarcia', secondsAfter(6)).available).toBe(false)
    expect(noteUndoState([], 3, 'rgarcia', writtenAt).available).toBe(false)
  })
})

describe('mediaItem', () => {
  it('names a file by the last part of its address, and shows pictures as pictures', () => {
    expect(mediaItem('http://127.0.0.1:8080/media/tok/photo.JPG', 0)).toEqual({
      src: 'http://127.0.0.1:8080/media/tok/photo.JPG',
      kind: 'image',
      name: 'photo.JPG',
    })
    expect(mediaItem('/media/tok/offer%20sheet.pdf?x=1', 1)).toEqual({ src: '/media/tok/offer%20sheet.pdf?x=1', kind: 'file', name: 'offer sheet.pdf' })
    expect(mediaItem('https://example.com/a/recording.mp3', 0)?.kind).toBe('file')
  })

  it("takes a provider's nameless MMS address for a picture, called by its place", () => {
    expect(mediaItem('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1', 2)).toEqual({
      src: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
      kind: 'image',
      name: 'Attachment 3',
    })
  })

  it('takes nothing but http(s) addresses and same-origin paths', () => {
    expect(mediaItem('javascript:alert(1)', 0)).toBeNull()
    expect(mediaItem('data:image/png;base64,AAAA', 0)).toBeNull()
    expect(mediaItem('//evil.example/x.png', 0)).toBeNull()
    expect(mediaItem('', 0)).toBeNull()
  })
})
