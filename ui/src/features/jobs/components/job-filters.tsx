import { DateRangeFields } from '../../../components/date-range/date-range-fields'
import { isJobStatus, JOB_STATUSES, jobStatusBadge, type JobStatus } from '../../../lib/job-status'
import type { JobKind } from '../api/get-job-kinds'

export interface JobFilterValues {
  kind?: string
  status?: JobStatus
  from?: string
  to?: string
}

export interface JobFiltersProps {
  /** The filters in the URL. */
  value: JobFilterValues
  /** The kinds to choose from (the server's list, by label). */
  kinds: readonly Pick<JobKind, 'name' | 'label'>[]
  onChange: (next: JobFilterValues) => void
}

/** Kind and status, each chosen from a list, and creation days; every change applies at once. */
export function JobFilters({ value, kinds, onChange }: JobFiltersProps) {
  // A kind the URL names that the list lacks (an old link) stays choosable.
  const known = !value.kind || kinds.some((kind) => kind.name === value.kind)
  const hasFilters = !!(value.kind || value.status || value.from || value.to)

  return (
    <div className="filters" role="group" aria-label="Filters">
      <label className="filters__field">
        <span>Kind</span>
        <select value={value.kind ?? ''} onChange={(event) => onChange({ ...value, kind: event.target.value || undefined })}>
          <option value="">Any kind</option>
          {kinds.map((kind) => (
            <option key={kind.name} value={kind.name}>
              {kind.label}
            </option>
          ))}
          {known ? null : <option value={value.kind}>{value.kind}</option>}
        </select>
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
