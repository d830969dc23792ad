import { DateInput } from '../../../components/date-input/date-input'

export interface DayFiltersProps {
  /** What the days are of: 'Sold', 'Closed', 'Opened'. */
  what: string
  from: string | undefined
  to: string | undefined
  onChange: (next: { from?: string; to?: string }) => void
}

/** '{what} from' and '{what} to' day fields for a tab's filters; each keeps the other's bound. */
export function DayFilters({ what, from, to, onChange }: DayFiltersProps) {
  const name = what.toLowerCase()
  return (
    <>
      <label className="filters__field">
        <span>{what} from</span>
        <DateInput name={`first ${name} day`} value={from ?? ''} max={to} onChange={(day) => onChange({ from: day || undefined, to })} />
      </label>
      <label className="filters__field">
        <span>{what} to</span>
        <DateInput name={`last ${name} day`} value={to ?? ''} min={from} onChange={(day) => onChange({ from, to: day || undefined })} />
      </label>
    </>
  )
}
