import { QueryClientProvider } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import { button, click, fakeServer, settle, testQueryClient } from '../test/deal-room-fixtures'
import { ShareLinksButton } from './share-links-button'

const view = setupTestRoot()

const LINKS = {
  dealRoomUrl: 'https://bayline.example/dealroom?futureServiceInteractionId=42&userMasterId=7&token=a1',
  dealRoomExpiresAt: '2026-11-27T16:00:00Z',
  landingUrl: 'https://bayline.example/service/landing?futureServiceInteractionId=42&userMasterId=7&token=b2',
  landingExpiresAt: '2026-12-03T16:00:00Z',
}

describe('ShareLinksButton', () => {
  it("makes the lead's links and shows both with their expiry and Copy buttons", async () => {
    const server = fakeServer({ 'POST /api/future-service-interaction/42/links': LINKS })
    view.render(
      <QueryClientProvider client={testQueryClient()}>
        <ShareLinksButton leadId={42} />
      </QueryClientProvider>,
    )
    click(button(view.container, 'Share links'))
    await settle()
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/future-service-interaction/42/links'])
    const dealRoom = view.container.querySelector('[data-testid="share-link-deal-room"]')!
    const landing = view.container.querySelector('[data-testid="share-link-landing"]')!
    expect(dealRoom.querySelector('input')?.value).toBe(LINKS.dealRoomUrl)
    expect(landing.querySelector('input')?.value).toBe(LINKS.landingUrl)
    expect(dealRoom.querySelector('label')?.textContent).toMatch(/^Deal room \(for you\) — until .*2026/)
    expect(landing.querySelector('label')?.textContent).toMatch(/^Customer page — until .*2026/)
    expect(button(dealRoom, 'Copy')).toBeTruthy()
    expect(button(landing, 'Copy')).toBeTruthy()
  })
})
