export interface PhonePagerProps {
  pageIndex: number
  pageSize: number
  rowCount: number
  disabled?: boolean
  onChange: (pageIndex: number) => void
}

/** Compact pager for the phone list: the range shown, previous and next. */
export function PhonePager({ pageIndex, pageSize, rowCount, disabled = false, onChange }: PhonePagerProps) {
  const pageCount = Math.ceil(rowCount / pageSize)
  const first = rowCount === 0 ? 0 : pageIndex * pageSize + 1
  const last = Math.min((pageIndex + 1) * pageSize, rowCount)
  return (
    <nav className="phone-pager" aria-label="Phone pages">
      <span className="phone-pager__range" aria-live="polite">
        {first}–{last} of {rowCount}
      </span>
      <button
        type="button"
        className="btn btn--icon"
        aria-label="Previous page"
        disabled={disabled || pageIndex <= 0}
        onClick={() => onChange(pageIndex - 1)}
      >
        ‹
      </button>
      <button
        type="button"
        className="btn btn--icon"
        aria-label="Next page"
        disabled={disabled || pageIndex >= pageCount - 1}
        onClick={() => onChange(pageIndex + 1)}
      >
        ›
      </button>
    </nav>
  )
}
