export interface DateRange {
  /** First day, YYYY-MM-DD. */
  from?: string
  /** Last day, YYYY-MM-DD, inclusive. */
  to?: string
}

export interface DateRangeFieldsProps {
  value: DateRange
  onChange: (next: DateRange) => void
  /** What the days are of, for the hover text and screen readers, e.g. 'Days of the last message'. */
  hint?: string
}

/** 'From' and 'To' day fields for a filter bar; each keeps the other's bound. */
export function DateRangeFields({ value, onChange, hint }: DateRangeFieldsProps) {
  return (
    <>
      <label className="filters__field" title={hint}>
        <span>From</span>
        <input
          type="date"
          value={value.from ?? ''}
          max={value.to}
          aria-description={hint}
          onChange={(event) => onChange({ from: event.target.value || undefined, to: value.to })}
        />
      </label>
      <label className="filters__field" title={hint}>
        <span>To</span>
        <input
          type="date"
          value={value.to ?? ''}
          min={value.from}
          aria-description={hint}
          onChange={(event) => onChange({ from: value.from, to: event.target.value || undefined })}
        />
      </label>
    </>
  )
}
