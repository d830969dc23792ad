import { ApiError } from '../../../lib/api-client'
import type { DayAvailability } from '../api/get-availability'
import { timeOptions } from '../appointment-model'

export interface TimeSlotPickerProps {
  id: string
  /** `9:30 AM`, or '' for none picked. */
  value: string
  /** The day's availability; undefined while it loads. */
  day: DayAvailability | undefined
  /** Only this advisor's free times count. */
  advisorId?: number
  isPending: boolean
  error: unknown
  /** No day picked (or not a day): nothing to list yet. */
  noDate?: boolean
  disabled?: boolean
  onChange: (time: string) => void
}

/** The line under the picker: how many times are free, or why there are none. */
function summary(
  { day, isPending, error, noDate }: Pick<TimeSlotPickerProps, 'day' | 'isPending' | 'error' | 'noDate'>,
  free: number,
  total: number,
): string {
  if (noDate) return 'Pick a day to see its free times.'
  if (error) return error instanceof ApiError ? error.message : 'The free times could not be loaded.'
  if (isPending) return 'Looking for free times…'
  if (!day || (!day.opens && total === 0)) return 'The store is closed on this day.'
  if (total === 0) return 'No times are left on this day.'
  if (free === 0) return `All ${total} times are full.`
  return `${free} of ${total} times free`
}

/**
 * The 12-hour time picker (B-R4): the day's quarter hours in the store's hours,
 * each with how many appointments still fit; full ones are shown but cannot be
 * picked. The line under it says how many are free.
 */
export function TimeSlotPicker({ id, value, day, advisorId, isPending, error, noDate = false, disabled = false, onChange }: TimeSlotPickerProps) {
  const options = timeOptions(day?.slots ?? [], advisorId)
  const free = options.filter((o) => !o.disabled).length
  // A time picked earlier (or the one being moved from) that the day no longer lists stays visible.
  const known = value === '' || options.some((o) => o.value === value)

  return (
    <>
      <select
        id={id}
        value={value}
        disabled={disabled || isPending || options.length === 0}
        aria-describedby={`${id}-free`}
        data-testid="time-picker"
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{options.length === 0 ? 'No times' : 'Pick a time'}</option>
        {known ? null : (
          <option value={value} disabled>
            {value} · not available
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <span id={`${id}-free`} className="field__hint" role="status" data-testid="free-times">
        {summary({ day, isPending, error, noDate }, free, options.length)}
      </span>
    </>
  )
}
