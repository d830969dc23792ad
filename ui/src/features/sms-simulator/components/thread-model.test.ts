import { describe, expect, it } from 'vitest'
import type { PhoneMessage } from '../api/get-phone-messages'
import { dayBreakLabel, dayKey } from '../../../lib/date-time'
import { messageFixture as phoneMessage } from '../../../test/message-fixture'
import {
  customerFromThread,
  deliveryStatus,
  failureText,
  groupByDay,
  isFromCustomer,
  lastTextLabel,
  phoneName,
  threadMessages,
} from './thread-model'

function text(id: number, createdOn: string, extra: Partial<PhoneMessage> = {}): PhoneMessage {
  return phoneMessage({ id, content: `text ${id}`, createdOn, ...extra })
}

describe('threadMessages', () => {
  it('puts the pages (newest first) in phone order: oldest at the top, newest at the bottom', () => {
    const pages = [
      { content: [text(5, '2026-11-22T10:05:00Z'), text(4, '2026-11-22T10:04:00Z')] },
      { content: [text(2, '2026-11-22T10:02:00Z'), text(1, '2026-11-22T10:01:00Z')] },
    ]
    expect(threadMessages(pages).map((m) => m.id)).toEqual([1, 2, 4, 5])
  })

  it('keeps each text once when pages overlap, preferring the newer page', () => {
    const pages = [
      { content: [text(3, '2026-11-22T10:03:00Z', { messageStatus: 'delivered' })] },
      { content: [text(3, '2026-11-22T10:03:00Z', { messageStatus: 'queued' }), text(2, '2026-11-22T10:02:00Z')] },
    ]
    const thread = threadMessages(pages)
    expect(thread.map((m) => m.id)).toEqual([2, 3])
    expect(thread[1]!.messageStatus).toBe('delivered')
  })

  it('orders texts of the same moment by id, and copes with no data', () => {
    const pages = [{ content: [text(9, '2026-11-22T10:00:00Z'), text(8, '2026-11-22T10:00:00Z')] }]
    expect(threadMessages(pages).map((m) => m.id)).toEqual([8, 9])
    expect(threadMessages(undefined)).toEqual([])
  })
})

describe('sides and statuses', () => {
  it("puts the customer's own texts (RECEIVED) on their side", () => {
    expect(isFromCustomer({ direction: 'RECEIVED' })).toBe(true)
    expect(isFromCustomer({ direction: 'SENT' })).toBe(false)
    expect(isFromCustomer({ direction: 'SEND' })).toBe(false)
  })

  it.each([
    ['queued', 'Queued', 'pending'],
    ['sending', 'Sending…', 'pending'],
    ['sent', 'Sent', 'pending'],
    ['delivered', 'Delivered', 'done'],
    ['DELIVERED', 'Delivered', 'done'],
    ['undelivered', 'Not delivered', 'failed'],
    ['failed', 'Failed', 'failed'],
    ['RESTRICTED', 'Blocked', 'failed'],
    ['something-new', 'Something-new', 'pending'],
    ['constructor', 'Constructor', 'pending'],
    ['', 'Unknown', 'pending'],
  ] as const)('%s reads %s', (messageStatus, label, tone) => {
    expect(deliveryStatus({ messageStatus })).toEqual({ label, tone })
  })

  it('explains failures with the provider text and code, and nothing else', () => {
    expect(failureText({ messageStatus: 'failed', errors: 'Unreachable handset', errorCode: '30003' })).toBe(
      'Unreachable handset (error 30003)',
    )
    expect(failureText({ messageStatus: 'RESTRICTED', errors: 'The customer opted out of texts' })).toBe(
      'The customer opted out of texts',
    )
    expect(failureText({ messageStatus: 'undelivered' })).toBe('The text could not be delivered.')
    expect(failureText({ messageStatus: 'delivered', errors: 'stale' })).toBeNull()
  })
})

describe('days', () => {
  const tz = 'America/Chicago'
  const now = Date.parse('2026-11-22T18:00:00Z') // 12:00 in Chicago

  it('groups consecutive texts by the local day', () => {
    const messages = [
      text(1, '2026-11-21T05:30:00Z'), // 23:30 on the 20th in Chicago
      text(2, '2026-11-21T06:30:00Z'), // 00:30 on the 21st
      text(3, '2026-11-21T20:00:00Z'),
      text(4, '2026-11-22T15:00:00Z'),
    ]
    expect(groupByDay(messages, tz).map((d) => [d.key, d.messages.map((m) => m.id)])).toEqual([
      ['2026-11-20', [1]],
      ['2026-11-21', [2, 3]],
      ['2026-11-22', [4]],
    ])
  })

  it('labels today and yesterday by name, other days by date, as conversations do', () => {
    expect(dayKey(now, tz)).toBe('2026-11-22')
    expect(dayBreakLabel('2026-11-22', now, tz)).toBe('Today')
    expect(dayBreakLabel('2026-11-21', now, tz)).toBe('Yesterday')
    expect(dayBreakLabel('2026-11-03', now, tz)).toBe('November 3, 2026')
    // Across a month boundary.
    expect(dayBreakLabel('2026-11-30', Date.parse('2026-12-01T18:00:00Z'), tz)).toBe('Yesterday')
  })

  it("shows a phone's last text as a time today, else as its day", () => {
    expect(lastTextLabel('2026-11-22T15:00:00Z', now, tz)).toBe('9:00 AM')
    expect(lastTextLabel('2026-11-21T15:00:00Z', now, tz)).toBe('Yesterday')
    expect(lastTextLabel(undefined, now, tz)).toBe('')
  })
})

describe('who the phone belongs to', () => {
  it("takes the customer's name and number from the newest text", () => {
    const sent = text(1, '2026-11-22T10:00:00Z', { to: '+15551234567', toName: 'Mary Thomas', from: '+1999', fromName: 'BDC' })
    const received = text(2, '2026-11-22T10:01:00Z', {
      direction: 'RECEIVED',
      from: '+15557654321',
      fromName: 'Mary T',
      to: '+1999',
    })
    expect(customerFromThread([sent])).toEqual({ name: 'Mary Thomas', phone: '+15551234567' })
    expect(customerFromThread([sent, received])).toEqual({ name: 'Mary T', phone: '+15557654321' })
    expect(customerFromThread([])).toEqual({})
  })

  it('names a listed phone by first and last name', () => {
    expect(phoneName({ firstName: 'Mary', lastName: 'Thomas' })).toBe('Mary Thomas')
    expect(phoneName({ firstName: '', lastName: 'Thomas' })).toBe('Thomas')
    expect(phoneName({ firstName: '', lastName: '' })).toBe('Unnamed customer')
  })
})
