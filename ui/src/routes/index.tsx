import { createRoute, redirect } from '@tanstack/react-router'
import { LeadFormScreen } from '../features/public-pages'
import { isLeadFormHost } from '../features/public-pages/api/get-site'
import { landingHref } from '../lib/landing'
import { getValidSession } from '../lib/session'
import { rootRoute } from './root'

/**
 * Where the root path leads: the signed-in user's landing page; on a lead-submission host the
 * generic lead form (spec G-S1, the server says which hosts are); else /login.
 */
async function rootDestination() {
  const user = getValidSession()
  if (user) throw redirect({ href: landingHref(user), replace: true })
  if (!(await isLeadFormHost())) throw redirect({ to: '/login', replace: true })
}

/** `/` — the user's landing page, the generic lead form on a lead-submission host, or /login. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: rootDestination,
  component: () => <LeadFormScreen slug="lead-submission" />,
})

/** `/layout` (G-S1 lists it, content not shown): the app's frame, so the landing page or /login. */
export const layoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/layout',
  beforeLoad: () => {
    const user = getValidSession()
    throw user ? redirect({ href: landingHref(user), replace: true }) : redirect({ to: '/login', replace: true })
  },
})
