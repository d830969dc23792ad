import { describe, expect, it } from 'vitest'
import type { MessageEvent } from '../../../lib/message-events'
import { messageFixture } from '../../../test/message-fixture'
import { boxOfEvent, shouldAcknowledge } from './live-conversations'

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
