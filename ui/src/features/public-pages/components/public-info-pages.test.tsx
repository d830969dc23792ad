import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setupTestRoot } from '../../../test/render'
import { FeedbackThanksScreen, MailConfirmationScreen, MeetingLandingScreen, PublicNotFoundScreen, RegisterScreen, ServerErrorScreen } from './public-info-pages'

// Links need a router; where they point is what matters here.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}))

const view = setupTestRoot()

describe('the small public pages', () => {
  it.each([
    ['register', RegisterScreen, "Accounts are created by your dealership's administrator.", '/login'],
    ['404', PublicNotFoundScreen, 'There is nothing at this address.', '/'],
    ['500', ServerErrorScreen, 'The page could not be shown.', '/'],
    ['mail confirmation', MailConfirmationScreen, 'Thanks — your e-mail is confirmed.', '/login'],
  ])('%s says what happened and where to go', (_name, Screen, text, href) => {
    view.render(<Screen />)
    expect(view.container.textContent).toContain(text)
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe(href)
  })

  it.each([
    ['feedback', FeedbackThanksScreen, 'Thanks for your feedback.'],
    ['meeting landing', MeetingLandingScreen, 'This meeting link has ended or is not valid.'],
  ])('%s shows its message', (_name, Screen, text) => {
    view.render(<Screen />)
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(text)
  })
})
