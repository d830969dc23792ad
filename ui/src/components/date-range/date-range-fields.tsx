import { DateInput } from '../date-input/date-input'

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
        <DateInput
          name="first day"
          value={value.from ?? ''}
          max={value.to}
          aria-description={hint}
          onChange={(day) => onChange({ from: day || undefined, to: value.to })}
        />
      </label>
      <label className="filters__field" title={hint}>
        <span>To</span>
        <DateInput
          name="last day"
          value={value.to ?? ''}
          min={value.from}
          aria-description={hint}
          onChange={(day) => onChange({ from: value.from, to: day || undefined })}
        />
      </label>
    </>
  )
}
