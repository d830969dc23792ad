import { useId } from 'react'

export interface LeadFieldProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  /** The problem, shown under the field (and marking it invalid). */
  error?: string
  multiline?: boolean
  type?: 'text' | 'tel'
  autoComplete?: string
  inputMode?: 'text' | 'tel'
  maxLength?: number
  hint?: string
}

/** A labelled input or textarea of the lead form, with its problem under it. */
export function LeadField({ label, name, value, onChange, error, multiline = false, type = 'text', autoComplete, inputMode, maxLength, hint }: LeadFieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const help = error ?? hint
  const common = {
    id,
    name,
    value,
    maxLength,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': help ? helpId : undefined,
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} className="lead-form__textarea" onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {help ? (
        <span id={helpId} className={error ? 'field__error' : 'field__hint'}>
          {help}
        </span>
      ) : null}
    </div>
  )
}
