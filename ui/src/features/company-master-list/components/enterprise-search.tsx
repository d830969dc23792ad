import { useEffect, useRef, useState } from 'react'

export interface EnterpriseSearchProps {
  /** The search in the URL. */
  value: string
  onSearch: (value: string) => void
  delayMs?: number
}

/** Search box that updates the URL after typing pauses. */
export function EnterpriseSearch({ value, onSearch, delayMs = 300 }: EnterpriseSearchProps) {
  const [text, setText] = useState(value)
  const [urlValue, setUrlValue] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // The URL changed from outside (back button, link): show its value.
  if (value !== urlValue) {
    setUrlValue(value)
    setText(value)
  }

  useEffect(() => () => clearTimeout(timer.current), [])

  const change = (next: string) => {
    setText(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (next.trim() !== value) onSearch(next.trim())
    }, delayMs)
  }

  return (
    <input
      type="search"
      className="search-input"
      placeholder="Search enterprises"
      aria-label="Search enterprises"
      value={text}
      onChange={(event) => change(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          clearTimeout(timer.current)
          if (text.trim() !== value) onSearch(text.trim())
        }
      }}
    />
  )
}
