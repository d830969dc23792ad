import { createRoute, redirect } from '@tanstack/react-router'
import { landingHref } from '../lib/landing'
import { getValidSession } from '../lib/session'
import { rootRoute } from './root'

/** `/` — the user's landing page, or /login. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    const user = getValidSession()
    throw user ? redirect({ href: landingHref(user), replace: true }) : redirect({ to: '/login', replace: true })
  },
})
