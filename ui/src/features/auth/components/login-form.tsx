import { useState, type FormEvent } from 'react'

export interface LoginFormProps {
  pending: boolean
  onSubmit: (credentials: { username: string; password: string }) => void
}

export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    onSubmit({ username: username.trim(), password })
  }

  return (
    <form className="login-form" onSubmit={submit} aria-label="Sign in">
      <label className="field">
        <span className="field__label">Username</span>
        <input
          name="username"
          autoComplete="username"
          required
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">Password</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
