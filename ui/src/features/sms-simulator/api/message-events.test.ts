import { describe, expect, it } from 'vitest'
import type { MessageEvent } from '../../../lib/message-events'
import { messageFixture } from '../../../test/message-fixture'
import { olderPageParam } from './get-phone-messages'
import { messageEventEffects } from './message-events'

const message = messageFixture({ id: 198, customerId: 1, direction: 'SEND', messageStatus: 'queued' })

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

describe('olderPageParam', () => {
  it('asks for the next (older) page until every text is loaded', () => {
    expect(olderPageParam({ page: 0, size: 50, totalElements: 120 })).toBe(1)
    expect(olderPageParam({ page: 1, size: 50, totalElements: 120 })).toBe(2)
    expect(olderPageParam({ page: 2, size: 50, totalElements: 120 })).toBeUndefined()
    expect(olderPageParam({ page: 0, size: 50, totalElements: 50 })).toBeUndefined()
    expect(olderPageParam({ page: 0, size: 50, totalElements: 0 })).toBeUndefined()
  })
})
