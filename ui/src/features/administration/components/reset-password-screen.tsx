import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { ApiError, firstErrorText, notifyApiError } from '../../../lib/api-client'
import { hasProblems, MIN_PASSWORD_CHARS, newPasswordProblems } from '../admin-validation'
import { useResetPassword } from '../api/reset-password'
import { TextField } from './text-field'

export interface ResetPasswordScreenProps {
  /** The one-time token from the e-mailed link. */
  token: string | undefined
}

/**
 * /reset-password?token=… — public: a user who followed an e-mailed link
 * chooses a password (twice, at least 8 characters), then signs in with it.
 * A used, expired or wrong link is refused with the server's words.
 */
export function ResetPasswordScreen({ token }: ResetPasswordScreenProps) {
  const reset = useResetPassword()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [checked, setChecked] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  const problems = newPasswordProblems(password, confirm)
  const shown = checked ? problems : {}

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (!token || hasProblems(problems) || reset.isPending) return
    setRefused(null)
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) setRefused(firstErrorText(error))
          else notifyApiError(error)
        },
      },
    )
  }

  return (
    <div className="login-page">
      <div className="login-card">
        <div className="login-card__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <div>
            <h1>Choose a password</h1>
            <p>Bayline</p>
          </div>
        </div>
        {reset.isSuccess ? (
          <div className="reset-done" role="status" data-testid="reset-done">
            <p className="success-box">{reset.data.message}</p>
            <Link to="/login" className="btn btn--primary btn--block">
              Go to sign in
            </Link>
          </div>
        ) : !token ? (
          <div className="reset-done">
            <p className="danger-box" role="alert">
              This address has no password link in it. Open the link from the e-mail again, or ask an administrator for a new one.
            </p>
            <Link to="/login">Go to sign in</Link>
          </div>
        ) : (
          <form className="login-form" onSubmit={submit} noValidate aria-label="Choose a password">
            {refused ? (
              <div className="danger-box" role="alert" data-testid="reset-refused">
                {refused}
              </div>
            ) : null}
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              hint={`At least ${MIN_PASSWORD_CHARS} characters.`}
              error={shown.password}
              onChange={setPassword}
            />
            <TextField
              label="Repeat the password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              error={shown.confirm}
              onChange={setConfirm}
            />
            <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
              {reset.isPending ? 'Saving…' : 'Save password'}
            </button>
            {refused ? <Link to="/login">Go to sign in</Link> : null}
          </form>
        )}
      </div>
    </div>
  )
}
