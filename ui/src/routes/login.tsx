import { createRoute, redirect } from '@tanstack/react-router'
import { LoginScreen } from '../features/auth'
import { landingHref } from '../lib/landing'
import { getValidSession } from '../lib/session'
import { rootRoute } from './root'

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: () => {
    const user = getValidSession()
    if (user) throw redirect({ href: landingHref(user), replace: true })
  },
  component: LoginScreen,
})
