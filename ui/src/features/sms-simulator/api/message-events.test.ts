import { describe, expect, it } from 'vitest'
import { RealtimeClient, type RealtimeListener } from '../../../lib/realtime'
import { olderPageParam } from './get-phone-messages'
import { messageEventEffects, parseMessageEvent, subscribeMessages, type MessageEvent } from './message-events'

const message = {
  id: 198,
  customerId: 1,
  storeId: 6,
  content: 'hello',
  createdOn: '2026-11-22T19:18:43Z',
  direction: 'SEND',
  messageStatus: 'queued',
}

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
    expect(parseMessageEvent({ event: 'message', data: 'text' })).toBeNull()
    expect(parseMessageEvent({ event: 'message', data: null })).toBeNull()
  })
})

describe('messageEventEffects', () => {
  const created = { type: 'message.created', message } as unknown as MessageEvent
  const status = { type: 'message.status', message } as unknown as MessageEvent

  it("refetches the thread only for the shown customer's texts", () => {
    expect(messageEventEffects(created, 1).thread).toBe(true)
    expect(messageEventEffects(status, 1).thread).toBe(true)
    expect(messageEventEffects(created, 2).thread).toBe(false)
    expect(messageEventEffects(created, undefined).thread).toBe(false)
    const noCustomer = { type: 'message.created', message: { ...message, customerId: undefined } } as unknown as MessageEvent
    expect(messageEventEffects(noCustomer, 1).thread).toBe(false)
  })

  it('refetches the phone list for new texts, not for status changes', () => {
    expect(messageEventEffects(created, 2).phones).toBe(true)
    expect(messageEventEffects(status, 1).phones).toBe(false)
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
})

describe('olderPageParam', () => {
  it('asks for the next (older) page until every text is loaded', () => {
    expect(olderPageParam({ page: 0, size: 50, totalElements: 120 })).toBe(1)
    expect(olderPageParam({ page: 1, size: 50, totalElements: 120 })).toBe(2)
    expect(olderPageParam({ page: 2, size: 50, totalElements: 120 })).toBeUndefined()
    expect(olderPageParam({ page: 0, size: 50, totalElements: 50 })).toBeUndefined()
    expect(olderPageParam({ page: 0, size: 50, totalElements: 0 })).toBeUndefined()
  })
})
