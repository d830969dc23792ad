import { useNavigate } from '@tanstack/react-router'
import { takeDeepLink } from '../../lib/initial-query'
import { landingHref } from '../../lib/landing'
import { useLogin } from './api/login'
import { LoginForm } from './components/login-form'

/** /login — errors are shown as notices by the API client. */
export function LoginScreen() {
  const navigate = useNavigate()
  const loginMutation = useLogin({
    // A deep link kept from before sign-in (G-S2) wins over the role's landing page.
    onSuccess: (user) => void navigate({ href: takeDeepLink() ?? landingHref(user), replace: true }),
  })

  return (
    <div className="login-page">
      <div className="login-card">
        <div className="login-card__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <div>
            <h1>Bayline</h1>
            <p>Service leads and customer messaging</p>
          </div>
        </div>
        <LoginForm pending={loginMutation.isPending} onSubmit={(credentials) => loginMutation.mutate(credentials)} />
      </div>
    </div>
  )
}
