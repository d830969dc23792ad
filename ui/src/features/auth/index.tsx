import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { takeDeepLink } from '../../lib/initial-query'
import { landingHref } from '../../lib/landing'
import { useLogin, type OtpResponse } from './api/login'
import { LoginForm } from './components/login-form'
import { OtpForm } from './components/otp-form'

/** /login — errors are shown as notices by the API client. */
export function LoginScreen() {
  const navigate = useNavigate()
  // The OTP response of a right password (spec H-R10); a failed log-in leaves it empty.
  const [otp, setOtp] = useState<OtpResponse | null>(null)
  const { password, code } = useLogin({
    // A deep link kept from before sign-in (G-S2) wins over the role's landing page.
    onSuccess: (user) => void navigate({ href: takeDeepLink() ?? landingHref(user), replace: true }),
    onCode: setOtp,
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
        {otp ? (
          <OtpForm
            key={otp.challenge}
            sentTo={otp.sentTo}
            expiresAt={otp.expiresAt}
            pending={code.isPending}
            onSubmit={(typed) => code.mutate({ challenge: otp.challenge, code: typed })}
            onBack={() => setOtp(null)}
          />
        ) : (
          <LoginForm
            pending={password.isPending}
            onSubmit={(credentials) => password.mutate(credentials, { onError: () => setOtp(null) })}
          />
        )}
      </div>
    </div>
  )
}
