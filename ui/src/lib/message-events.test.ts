import { describe, expect, it } from 'vitest'
import { applyLeadCounts, parseLeadEvent, parseMessageEvent, subscribeLeadCounts, subscribeMessages } from './message-events'
import { messageFixture } from '../test/message-fixture'
import { RealtimeClient, type RealtimeListener } from './realtime'

const message = messageFixture({ id: 198, customerId: 1, direction: 'SEND', messageStatus: 'queued' })

describe('parseMessageEvent', () => {
  it('takes the message of message.created and message.status events', () => {
    expect(parseMessageEvent({ event: 'message', data: { type: 'message.created', message } })).toEqual({
      type: 'message.created',
      message,
    })
    expect(parseMessageEvent({ event: 'message', data: { type: 'message.status', message } })?.type).toBe(
      'message.status',
    )
  })

  it('ignores other events and malformed messages', () => {
    expect(parseMessageEvent({ event: 'job', data: { type: 'message.created', message } })).toBeNull()
    expect(parseMessageEvent({ event: 'lead', data: { type: 'lead.counts', lead: { id: 1 } } })).toBeNull()
    expect(parseMessageEvent({ event: 'message', data: { type: 'message.deleted', message } })).toBeNull()
    expect(parseMessageEvent({ event: 'message', data: { type: 'message.created', message: { id: '1' } } })).toBeNull()
    expect(
      parseMessageEvent({ event: 'message', data: { type: 'message.created', message: { ...message, customerId: '1' } } }),
    ).toBeNull()
    expect(
      parseMessageEvent({
        event: 'message',
        data: { type: 'message.created', message: { ...message, jaguarFutureServiceInteractionId: '3' } },
      }),
    ).toBeNull()
    expect(parseMessageEvent({ event: 'message', data: 'text' })).toBeNull()
    expect(parseMessageEvent({ event: 'message', data: null })).toBeNull()
  })
})

describe('parseLeadEvent', () => {
  it('takes the counters of lead.counts events', () => {
    const lead = { id: 3, storeId: 1, serviceType: 'OIL', totalInboundCount: 2, totalUnreadCount: 1, responseReqd: false }
    expect(parseLeadEvent({ event: 'lead', data: { type: 'lead.counts', lead } })).toEqual(lead)
  })

  it('ignores other events and malformed counters', () => {
    expect(parseLeadEvent({ event: 'message', data: { type: 'lead.counts', lead: { id: 3, totalUnreadCount: 1 } } })).toBeNull()
    expect(parseLeadEvent({ event: 'lead', data: { type: 'lead.other', lead: { id: 3, totalUnreadCount: 1 } } })).toBeNull()
    expect(parseLeadEvent({ event: 'lead', data: { type: 'lead.counts', lead: { id: '3', totalUnreadCount: 1 } } })).toBeNull()
    expect(parseLeadEvent({ event: 'lead', data: { type: 'lead.counts', lead: { id: 3 } } })).toBeNull()
    expect(parseLeadEvent({ event: 'lead', data: null })).toBeNull()
  })
})

describe('subscribeMessages', () => {
  /** A client whose events and status the test drives. */
  function fakeClient() {
    const client = new RealtimeClient({ getUser: () => null })
    let listener: RealtimeListener = () => undefined
    let statusListener: () => void = () => undefined
    let status: ReturnType<RealtimeClient['getStatus']> = 'open'
    client.subscribe = (l) => {
      listener = l
      return () => {
        listener = () => undefined
      }
    }
    client.subscribeStatus = (l) => {
      statusListener = l
      return () => {
        statusListener = () => undefined
      }
    }
    client.getStatus = () => status
    return {
      client,
      emit: (event: string, data: unknown) => listener({ event, data }),
      setStatus: (next: typeof status) => {
        status = next
        statusListener()
      },
    }
  }

  it('passes message events on and resyncs once the stream is back after a break', () => {
    const fake = fakeClient()
    const seen: number[] = []
    let resyncs = 0
    const stop = subscribeMessages(
      (event) => seen.push(event.message.id),
      () => resyncs++,
      fake.client,
    )
    fake.emit('message', { type: 'message.created', message })
    fake.emit('job', { type: 'job.updated', run: { id: 1 } })
    expect(seen).toEqual([198])

    fake.setStatus('open')
    expect(resyncs).toBe(0)
    fake.setStatus('reconnecting')
    fake.setStatus('open')
    expect(resyncs).toBe(1)

    stop()
    fake.emit('message', { type: 'message.created', message: { ...message, id: 199 } })
    expect(seen).toEqual([198])
  })

  it('passes lead counters on to their own subscribers', () => {
    const fake = fakeClient()
    const seen: number[] = []
    const stop = subscribeLeadCounts((lead) => seen.push(lead.totalUnreadCount), () => undefined, fake.client)
    fake.emit('lead', { type: 'lead.counts', lead: { id: 3, totalUnreadCount: 4 } })
    fake.emit('message', { type: 'message.created', message })
    expect(seen).toEqual([4])
    stop()
  })
})

describe('applyLeadCounts', () => {
  it('takes the counters of the event and keeps the rest', () => {
    const lead = { id: 7, totalUnreadCount: 0, totalInboundCount: 2, latestMessage: 'old', responseReqd: false }
    expect(applyLeadCounts(lead, { id: 7, totalUnreadCount: 3, totalInboundCount: 5, latestMessage: 'new' })).toEqual({
      id: 7,
      totalUnreadCount: 3,
      totalInboundCount: 5,
      latestMessage: 'new',
      lastMessageReceivedDate: undefined,
      responseReqd: false,
    })
  })

  it('takes the appointment flag, id and insight of a booking where the lead has them', () => {
    const lead = { id: 7, totalUnreadCount: 0, appointmentSet: false, appointmentId: null as number | null, responseInsight: 'none' }
    const booked = { id: 7, totalUnreadCount: 0, appointmentSet: true, appointmentId: 42, responseInsight: 'APPT' }
    expect(applyLeadCounts(lead, booked)).toMatchObject({ appointmentSet: true, appointmentId: 42, responseInsight: 'APPT' })
    // A screen's lead without those fields does not gain them.
    expect(applyLeadCounts({ id: 7, totalUnreadCount: 0 }, booked)).not.toHaveProperty('appointmentSet')
    expect(parseLeadEvent({ event: 'lead', data: { type: 'APPOINTMENT_BOOKED', lead: booked } })).toEqual(booked)
  })

  it('moves the stage a booking moved, clearing an outcome it no longer has', () => {
    const row = { id: 7, totalUnreadCount: 0, status: 'INITIATED', outcome: 'NO_SHOW' as string | undefined }
    const booked = { id: 7, totalUnreadCount: 0, status: 'APPOINTMENT_SET', outcome: null }
    expect(applyLeadCounts(row, booked)).toMatchObject({ status: 'APPOINTMENT_SET', outcome: undefined })
    // An event without the stage leaves both alone.
    expect(applyLeadCounts(row, { id: 7, totalUnreadCount: 1 })).toMatchObject({ status: 'INITIATED', outcome: 'NO_SHOW' })
  })
})
