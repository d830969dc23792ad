import { useId, type HTMLInputTypeAttribute } from 'react'

export interface TextFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  /** The field's problem, shown under it (and marking it invalid) when set. */
  error?: string | null
  /** Marks the field invalid without a message of its own (the message stands elsewhere, e.g. for a weekday's row). */
  invalid?: boolean
  hint?: string
  type?: HTMLInputTypeAttribute
  disabled?: boolean
  readOnly?: boolean
  autoComplete?: string
  placeholder?: string
  maxLength?: number
  inputMode?: 'text' | 'numeric' | 'tel' | 'email'
  className?: string
  /** For a field that is only part of a row (e.g. a weekday's times): the visible label is dropped. */
  hideLabel?: boolean
  onBlur?: () => void
}

/** A labelled input with its hint, or its problem in place of the hint. */
export function TextField({
  label,
  value,
  onChange,
  error,
  invalid = false,
  hint,
  type = 'text',
  disabled,
  readOnly,
  autoComplete = 'off',
  placeholder,
  maxLength,
  inputMode,
  className,
  hideLabel = false,
  onBlur,
}: TextFieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const help = error ?? hint
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        disabled={disabled}
        readOnly={readOnly}
        autoComplete={autoComplete}
        spellCheck={false}
        placeholder={placeholder}
        maxLength={maxLength}
        inputMode={inputMode}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={help ? helpId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {help ? (
        <span id={helpId} className={error ? 'field__error' : 'field__hint'}>
          {help}
        </span>
      ) : null}
    </div>
  )
}
