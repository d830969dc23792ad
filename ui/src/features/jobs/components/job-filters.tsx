import { useEffect, useId, useRef, useState } from 'react'
import { DateRangeFields } from '../../../components/date-range/date-range-fields'
import { isJobStatus, JOB_STATUSES, jobStatusBadge, type JobStatus } from '../../../lib/job-status'

export interface JobFilterValues {
  kind?: string
  status?: JobStatus
  from?: string
  to?: string
}

export interface JobFiltersProps {
  /** The filters in the URL. */
  value: JobFilterValues
  /** Known kinds, offered as suggestions; any text is accepted. */
  kinds: readonly string[]
  onChange: (next: JobFilterValues) => void
  delayMs?: number
}

/** Kind (suggested or typed), status and creation days. Typing waits for a pause. */
export function JobFilters({ value, kinds, onChange, delayMs = 300 }: JobFiltersProps) {
  const listId = useId()
  const [kindText, setKindText] = useState(value.kind ?? '')
  const [urlKind, setUrlKind] = useState(value.kind ?? '')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // The URL changed from outside (back button, link, clear): show its value.
  if ((value.kind ?? '') !== urlKind) {
    setUrlKind(value.kind ?? '')
    setKindText(value.kind ?? '')
  }

  useEffect(() => () => clearTimeout(timer.current), [])

  const commitKind = (text: string) => {
    clearTimeout(timer.current)
    const kind = text.trim() || undefined
    if (kind !== value.kind) onChange({ ...value, kind })
  }

  const hasFilters = !!(value.kind || value.status || value.from || value.to)

  return (
    <div className="filters" role="group" aria-label="Filters">
      <label className="filters__field">
        <span>Kind</span>
        <input
          type="search"
          list={listId}
          placeholder="Any kind"
          value={kindText}
          onChange={(event) => {
            const next = event.target.value
            setKindText(next)
            clearTimeout(timer.current)
            // Picking a suggestion applies at once; typing waits for a pause.
            if (kinds.includes(next)) commitKind(next)
            else timer.current = setTimeout(() => commitKind(next), delayMs)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitKind(kindText)
          }}
          onBlur={() => commitKind(kindText)}
        />
        <datalist id={listId}>
          {kinds.map((kind) => (
            <option key={kind} value={kind} />
          ))}
        </datalist>
      </label>
      <label className="filters__field">
        <span>Status</span>
        <select
          value={value.status ?? ''}
          onChange={(event) => {
            const status = event.target.value
            onChange({ ...value, status: isJobStatus(status) ? status : undefined })
          }}
        >
          <option value="">Any status</option>
          {JOB_STATUSES.map((status) => (
            <option key={status} value={status}>
              {jobStatusBadge(status).label}
            </option>
          ))}
        </select>
      </label>
      <DateRangeFields value={{ from: value.from, to: value.to }} hint="Days the runs were created" onChange={(range) => onChange({ ...value, ...range })} />
      {hasFilters ? (
        <button type="button" className="btn filters__clear" onClick={() => onChange({})}>
          Clear filters
        </button>
      ) : null}
    </div>
  )
}
