import { useEffect, useRef, useState } from 'react'

export interface SearchInputProps {
  /** The search in the URL. */
  value: string
  /** Called with the trimmed text once typing pauses (or on Enter), when it differs from `value`. */
  onSearch: (value: string) => void
  /** The accessible name. */
  label: string
  placeholder?: string
  /** Added to `search-input`. */
  className?: string
  delayMs?: number
}

/** Search box that updates the URL after typing pauses; Enter applies at once. */
export function SearchInput({ value, onSearch, label, placeholder, className, delayMs = 300 }: SearchInputProps) {
  const [text, setText] = useState(value)
  const [urlValue, setUrlValue] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // The URL changed from outside (back button, link): show its value.
  if (value !== urlValue) {
    setUrlValue(value)
    setText(value)
  }

  useEffect(() => () => clearTimeout(timer.current), [])

  const commit = (next: string) => {
    clearTimeout(timer.current)
    if (next.trim() !== value) onSearch(next.trim())
  }

  return (
    <input
      type="search"
      className={className ? `search-input ${className}` : 'search-input'}
      placeholder={placeholder}
      aria-label={label}
      value={text}
      onChange={(event) => {
        const next = event.target.value
        setText(next)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => commit(next), delayMs)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text)
      }}
    />
  )
}
