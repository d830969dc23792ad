import { createRoute } from '@tanstack/react-router'
import { NotFound } from '../../features/app-shell/components/not-found'
import { appRoute } from '../app'

/** Any other address: /login when logged out (via the layout), else "not found". */
export const notFoundRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  component: NotFound,
})
