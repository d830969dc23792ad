import { sortReasons, type ReasonCount } from '../bulk-format'
import { formatCount } from '../../../lib/format-number'

export interface ReasonBreakdownProps {
  reasons: readonly ReasonCount[]
  /** The leads the reasons are out of (the bars' scale). */
  skipped: number
  title?: string
}

/** Why leads are not texted: each reason's label and count, with a bar of its share. */
export function ReasonBreakdown({ reasons, skipped, title = 'Skipped because' }: ReasonBreakdownProps) {
  const sorted = sortReasons(reasons)
  return (
    <section className="bulk-reasons" aria-label={title}>
      <h3 className="bulk-reasons__title">{title}</h3>
      {sorted.length === 0 ? (
        <p className="bulk-reasons__none">Nobody is skipped.</p>
      ) : (
        <ul className="bulk-reasons__list">
          {sorted.map((r) => (
            <li key={r.reason} className="bulk-reasons__item" data-reason={r.reason}>
              <span className="bulk-reasons__label" title={r.reason}>
                {r.label}
              </span>
              <span className="bulk-reasons__count">{formatCount(r.count)}</span>
              <span className="bulk-reasons__bar" aria-hidden="true">
                <span style={{ width: `${skipped > 0 ? Math.max(2, Math.round((r.count / skipped) * 100)) : 0}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
