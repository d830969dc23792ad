import { useRef, useState } from 'react'
import { dayProblem, formatDay, parseDay } from '../../lib/date-time'

export interface DateInputProps {
  /** The day, `YYYY-MM-DD`, or '' for none. */
  value: string
  /** A day typed or picked within the bounds, or '' when cleared (never when `required`). */
  onChange: (day: string) => void
  id?: string
  /** Earliest and latest days allowed, `YYYY-MM-DD`. */
  min?: string
  max?: string
  required?: boolean
  disabled?: boolean
  /** The field's name in the calendar button's description: 'Choose the {name} from a calendar'. */
  name?: string
  'aria-description'?: string
}

/**
 * A day field in the one display format (DD/MM/YYYY, lib/date-time) whatever
 * the browser's language, unlike the native date input; YYYY-MM-DD pasted in is
 * read too. The button beside it opens the browser's calendar.
 */
export function DateInput({ value, onChange, id, min, max, required, disabled, name, ...aria }: DateInputProps) {
  const [text, setText] = useState(() => formatDay(value))
  const [shownValue, setShownValue] = useState(value)
  const picker = useRef<HTMLInputElement>(null)
  if (value !== shownValue) {
    // A new day from outside (a URL, Today, ‹ ›) replaces what was typed.
    setShownValue(value)
    setText(formatDay(value))
  }
  const problem = dayProblem(text, { min, max, required })

  function take(next: string) {
    setText(next)
    if (dayProblem(next, { min, max, required }) !== null) return
    const day = next.trim() === '' ? '' : (parseDay(next) ?? '')
    if (day !== value) onChange(day)
  }

  return (
    <span className="date-input">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="DD/MM/YYYY"
        maxLength={10}
        value={text}
        required={required}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-description={aria['aria-description']}
        title={problem ?? undefined}
        onChange={(event) => take(event.target.value)}
        // A day left half-typed goes back to the day the field holds.
        onBlur={() => {
          if (problem) setText(formatDay(value))
        }}
      />
      <button
        type="button"
        className="date-input__calendar"
        aria-label="Calendar"
        aria-description={`Choose the ${name ?? 'date'} from a calendar`}
        title="Choose from a calendar"
        disabled={disabled}
        onClick={() => {
          try {
            picker.current?.showPicker()
          } catch {
            picker.current?.focus()
          }
        }}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 1h1.5v1.5h5V1H12v1.5h1.5A1.5 1.5 0 0 1 15 4v9.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 13.5V4a1.5 1.5 0 0 1 1.5-1.5H4zM2.5 6.5v7h11v-7zm2 1.5h2v2h-2z"
          />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        className="date-input__picker"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(event) => {
          if (event.target.value) take(formatDay(event.target.value))
        }}
      />
    </span>
  )
}
