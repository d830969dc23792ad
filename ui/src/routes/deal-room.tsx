import { createRoute } from '@tanstack/react-router'
import { ConversationOptions, LinkedConversationLog, LinkedTemplatePicker } from '../features/conversations'
import {
  DealRoomScreen,
  EmailAutoResponseScreen,
  ServiceLandingScreen,
  type EmailAutoResponseSearch,
  type LinkedTemplatesProps,
  type SignedLinkSearch,
} from '../features/deal-room'
import { TemplatePanel } from '../features/templates'
import { text } from '../lib/search-params'
import { rootRoute } from './root'

/** A signed link's query: the lead, the staff member and the signature, passed back to the server as given. */
function signedLinkSearch(raw: Record<string, unknown>): SignedLinkSearch {
  return { futureServiceInteractionId: text(raw.futureServiceInteractionId), userMasterId: text(raw.userMasterId), token: text(raw.token) }
}

/** The chat box's template picker, with the templates feature's panel. */
function DealRoomTemplates(props: LinkedTemplatesProps) {
  return <LinkedTemplatePicker {...props} templatePanel={TemplatePanel} />
}

/** `/dealroom?futureServiceInteractionId&userMasterId&token` — public: the signed link is the proof. */
export const dealRoomRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dealroom',
  validateSearch: signedLinkSearch,
  component: function DealRoomPage() {
    const search = dealRoomRoute.useSearch()
    return <DealRoomScreen search={search} conversationLog={LinkedConversationLog} templatePicker={DealRoomTemplates} options={ConversationOptions} />
  },
})

/** `/service/landing?futureServiceInteractionId&userMasterId&token` — public: the customer's read-only page. */
export const serviceLandingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/service/landing',
  validateSearch: signedLinkSearch,
  component: function ServiceLandingPage() {
    const search = serviceLandingRoute.useSearch()
    return <ServiceLandingScreen search={search} conversationLog={LinkedConversationLog} />
  },
})

/** `/email/autoResponse?token&fromAddress&toAddress&subject&message&key` — public (spec G-S4). */
export const emailAutoResponseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email/autoResponse',
  validateSearch: (raw: Record<string, unknown>): EmailAutoResponseSearch => ({
    token: text(raw.token),
    fromAddress: text(raw.fromAddress),
    toAddress: text(raw.toAddress),
    subject: text(raw.subject),
    message: text(raw.message),
    key: text(raw.key),
  }),
  component: function EmailAutoResponsePage() {
    const search = emailAutoResponseRoute.useSearch()
    return <EmailAutoResponseScreen search={search} />
  },
})

export const dealRoomRoutes = [dealRoomRoute, serviceLandingRoute, emailAutoResponseRoute] as const
