import { createRoute, redirect, useRouterState } from '@tanstack/react-router'
import { RouteError } from '../components/layout/route-error'
import { AppShell } from '../features/app-shell'
import { LeadAppointmentEditor } from '../features/appointments'
import { ChatDock } from '../features/conversations'
import { ShareLinksButton } from '../features/deal-room'
import { TemplatePanel } from '../features/templates'
import { rememberInitialQuery } from '../lib/initial-query'
import { clearLocalSession, getUserData, getValidSession } from '../lib/session'
import { rootRoute } from './root'

/**
 * Pathless layout of every logged-in screen; logged out → /login, for any
 * address no public route answers (the `$` child catches unknown paths).
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: ({ location }) => {
    const user = getValidSession()
    if (!user) {
      if (getUserData()) clearLocalSession() // expired
      // Keep the deep link's query (as on a first page load) for after sign-in.
      rememberInitialQuery(location.searchStr)
      throw redirect({ to: '/login', replace: true })
    }
    return { user }
  },
  component: SignedInFrame,
  errorComponent: RouteError,
})

/**
 * The app shell, and the chat dock beside every signed-in screen (each box can
 * show the template panel, open the appointment editor for its lead, and share
 * the lead's deal-room and customer-page links; the boxes tuck away when the
 * screen changes).
 */
function SignedInFrame() {
  const screen = useRouterState({ select: (state) => state.location.pathname })
  return (
    <>
      <AppShell />
      <ChatDock
        templatePanel={TemplatePanel}
        appointmentEditor={LeadAppointmentEditor}
        shareLinks={ShareLinksButton}
        screen={screen}
      />
    </>
  )
}
