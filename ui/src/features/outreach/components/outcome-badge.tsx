import { outcomeBadge } from '../bulk-format'

export interface OutcomeBadgeProps {
  outcome: string
  /** A dry run says what would happen ("Text now"), a run what did ("Texted"). */
  kind: 'preview' | 'run'
}

/** A lead's outcome as a coloured badge. */
export function OutcomeBadge({ outcome, kind }: OutcomeBadgeProps) {
  const { label, tone } = outcomeBadge(outcome, kind)
  return (
    <span className={`badge badge--${tone} bulk-outcome`} data-outcome={outcome}>
      {label}
    </span>
  )
}
