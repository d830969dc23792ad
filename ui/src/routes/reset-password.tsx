import { createRoute } from '@tanstack/react-router'
import { ResetPasswordScreen } from '../features/administration'
import { text } from '../lib/search-params'
import { rootRoute } from './root'

export interface ResetPasswordSearch {
  /** The one-time token of the e-mailed link. */
  token?: string
}

/** `/reset-password?token=…` — public, like /login: choosing a password from an e-mailed link needs no session. */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (raw: Record<string, unknown>): ResetPasswordSearch => ({ token: text(raw.token) }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = resetPasswordRoute.useSearch()
  return <ResetPasswordScreen token={token} />
}
