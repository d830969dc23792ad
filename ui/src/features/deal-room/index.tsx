/**
 * The pages signed links open — the deal room (/dealroom), the customer's page
 * (/service/landing) and the e-mail quick answer (/email/autoResponse) — and
 * the chat box's "Share links" action that makes a lead's links. The pages
 * take the conversation log (and the deal room the template picker) from
 * their route, so that no feature imports another.
 */
export { DealRoomScreen, type DealRoomScreenProps } from './components/deal-room-screen'
export { EmailAutoResponseScreen } from './components/email-auto-response-screen'
export type { EmailAutoResponseSearch, SignedLinkSearch } from './components/link-params'
export type { LinkedLogProps, LinkedTemplatesProps } from './components/linked-slots'
export { ServiceLandingScreen, type ServiceLandingScreenProps } from './components/service-landing-screen'
export { ShareLinksButton } from './components/share-links-button'
export type { DealRoomLink } from './api/deal-room-types'
