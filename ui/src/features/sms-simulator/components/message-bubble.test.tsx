import { describe, expect, it } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import type { PhoneMessage } from '../api/get-phone-messages'
import { messageFixture as phoneMessage } from '../../../test/message-fixture'
import { MessageBubble } from './message-bubble'

const view = setupTestRoot()

function render(extra: Partial<PhoneMessage>) {
  const message = phoneMessage(extra)
  view.render(
    <ol>
      <MessageBubble message={message} />
    </ol>,
  )
  return view.container.querySelector('li')!
}

describe('MessageBubble', () => {
  it("draws the dealership's text on the left with its delivery status", () => {
    const bubble = render({ messageStatus: 'delivered' })
    expect(bubble.className).toContain('bubble--dealer')
    expect(bubble.querySelector('[data-testid="text-status"]')?.textContent).toBe('Delivered')
    expect(bubble.querySelector('.bubble__failure')).toBeNull()
  })

  it('says why a text failed', () => {
    const bubble = render({ messageStatus: 'failed', errors: 'Unreachable handset', errorCode: '30003' })
    expect(bubble.className).toContain('bubble--failed')
    expect(bubble.querySelector('[data-testid="text-status"]')?.textContent).toBe('Failed')
    expect(bubble.querySelector('.bubble__failure')?.textContent).toBe('Unreachable handset (error 30003)')
  })

  it("draws the customer's own text on the right, without a delivery status", () => {
    const bubble = render({ direction: 'RECEIVED', messageStatus: 'received', content: 'On my way' })
    expect(bubble.className).toContain('bubble--own')
    expect(bubble.textContent).toContain('On my way')
    expect(bubble.querySelector('[data-testid="text-status"]')).toBeNull()
  })

  it('links attachments', () => {
    const bubble = render({ mediaUrls: ['https://example.com/a.jpg'] })
    const link = bubble.querySelector('a')!
    expect(link.getAttribute('href')).toBe('https://example.com/a.jpg')
    expect(link.textContent).toBe('Attachment 1')
  })
})
