import { useId, type ReactNode } from 'react'

export interface SelectFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  hint?: string
  disabled?: boolean
  className?: string
  /** The `<option>`s (and `<optgroup>`s). */
  children: ReactNode
}

/** A labelled select with its hint, or its problem in place of the hint. */
export function SelectField({ label, value, onChange, error, hint, disabled, className, children }: SelectFieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const help = error ?? hint
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={help ? helpId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {help ? (
        <span id={helpId} className={error ? 'field__error' : 'field__hint'}>
          {help}
        </span>
      ) : null}
    </div>
  )
}
