import { enrichmentStatusBadge, type EnrichmentStatus } from '../import-format'
import { REVIEW_FILTER_STATUSES, toggleStatus } from '../import-review'

export interface ReviewStatusFilterProps {
  /** The statuses picked; none: every row. */
  value: readonly EnrichmentStatus[]
  onChange: (statuses: EnrichmentStatus[]) => void
}

/**
 * The review's status filter: a chip per status (a checkbox each, so Tab and
 * Space work and screen readers say whether it is on), any number at once;
 * "All statuses" clears them.
 */
export function ReviewStatusFilter({ value, onChange }: ReviewStatusFilterProps) {
  return (
    <fieldset className="review-statuses">
      <legend className="review-statuses__legend">Status</legend>
      <div className="review-statuses__list">
        {REVIEW_FILTER_STATUSES.map((status) => {
          const badge = enrichmentStatusBadge(status)
          const checked = value.includes(status)
          return (
            <label key={status} className={`review-status${checked ? ' is-selected' : ''}`} title={badge.hint}>
              <input
                type="checkbox"
                className="review-status__input"
                value={status}
                checked={checked}
                onChange={() => onChange(toggleStatus(value, status))}
              />
              <span className={`review-status__dot review-status__dot--${badge.tone}`} aria-hidden="true" />
              <span>{badge.label}</span>
            </label>
          )
        })}
        <button type="button" className="btn btn--small review-statuses__all" disabled={value.length === 0} onClick={() => onChange([])}>
          All statuses
        </button>
      </div>
    </fieldset>
  )
}
