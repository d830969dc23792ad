import { useState, type FormEvent } from 'react'
import { clockTime } from '../../../lib/date-time'

export interface OtpFormProps {
  sentTo: string
  expiresAt: string
  pending: boolean
  onSubmit: (code: string) => void
  onBack: () => void
}

/** The second log-in step: the six-digit code e-mailed after the password. */
export function OtpForm({ sentTo, expiresAt, pending, onSubmit, onBack }: OtpFormProps) {
  const [code, setCode] = useState('')
  const digits = code.replace(/\D/g, '')

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending || digits.length !== 6) return
    onSubmit(digits)
  }

  return (
    <form className="login-form" onSubmit={submit} aria-label="Log-in code">
      <p className="login-form__hint" data-testid="otp-sent">
        We e-mailed a code to <b>{sentTo}</b>. Enter it to finish signing in; it works until {clockTime(expiresAt)}.
      </p>
      <label className="field">
        <span className="field__label">Code</span>
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn--primary btn--block" disabled={pending || digits.length !== 6}>
        {pending ? 'Checking…' : 'Sign in'}
      </button>
      <button type="button" className="btn btn--block" onClick={onBack}>
        Start again for a new code
      </button>
    </form>
  )
}
