import { describe, expect, it } from 'vitest'
import type { MessageEvent } from '../../../lib/message-events'
import { messageFixture } from '../../../test/message-fixture'
import { applyLeadCounts, boxOfEvent, shouldAcknowledge } from './live-conversations'
import type { Lead } from './get-lead'

const reply: MessageEvent = {
  type: 'message.created',
  message: messageFixture({ id: 50, direction: 'RECEIVED', jaguarFutureServiceInteractionId: 7 }),
}
const boxes = [
  { leadId: 3, minimised: false },
  { leadId: 7, minimised: false },
]

describe('boxOfEvent', () => {
  it("finds the open box of the message's lead", () => {
    expect(boxOfEvent(reply, boxes)).toEqual({ leadId: 7, minimised: false })
    expect(boxOfEvent(reply, [boxes[0]!])).toBeUndefined()
    const noLead = { ...reply, message: { ...reply.message, jaguarFutureServiceInteractionId: undefined } }
    expect(boxOfEvent(noLead, boxes)).toBeUndefined()
  })
})

describe('shouldAcknowledge', () => {
  const box = { leadId: 7, minimised: false }

  it('acknowledges a new customer message in the focused, open box of a seen page', () => {
    expect(shouldAcknowledge(reply, box, 7, true)).toBe(true)
  })

  it('does not when the box is not focused, minimised or the page is hidden', () => {
    expect(shouldAcknowledge(reply, box, 3, true)).toBe(false)
    expect(shouldAcknowledge(reply, box, null, true)).toBe(false)
    expect(shouldAcknowledge(reply, { ...box, minimised: true }, 7, true)).toBe(false)
    expect(shouldAcknowledge(reply, box, 7, false)).toBe(false)
  })

  it('does not for staff messages or status changes', () => {
    expect(shouldAcknowledge({ ...reply, message: { ...reply.message, direction: 'SENT' } }, box, 7, true)).toBe(false)
    expect(shouldAcknowledge({ ...reply, type: 'message.status' }, box, 7, true)).toBe(false)
  })
})

describe('applyLeadCounts', () => {
  it('takes the counters of the event and keeps the rest', () => {
    const lead = { id: 7, totalUnreadCount: 0, totalInboundCount: 2, latestMessage: 'old', responseReqd: false } as Lead
    expect(applyLeadCounts(lead, { id: 7, totalUnreadCount: 3, totalInboundCount: 5, latestMessage: 'new' })).toEqual({
      id: 7,
      totalUnreadCount: 3,
      totalInboundCount: 5,
      latestMessage: 'new',
      lastMessageReceivedDate: undefined,
      responseReqd: false,
    })
  })
})
