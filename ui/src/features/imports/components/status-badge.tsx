import { syncStatusBadge } from '../data-sources'
import { enrichmentStatusBadge, reportStatusBadge, type StatusBadge } from '../import-format'

/** A status as a coloured badge, its meaning on hover. */
export function StatusBadgeView({ badge, status }: { badge: StatusBadge; status: string }) {
  return (
    <span className={badge.tone === 'neutral' ? 'badge' : `badge badge--${badge.tone}`} data-status={status} title={badge.hint}>
      {badge.label}
    </span>
  )
}

/** A file report's status as a coloured badge. */
export function ReportStatusBadge({ status }: { status: string }) {
  return <StatusBadgeView badge={reportStatusBadge(status)} status={status} />
}

/** What enrichment made of an imported row, as a coloured badge (its meaning on hover). */
export function EnrichmentStatusBadge({ status }: { status: string }) {
  return <StatusBadgeView badge={enrichmentStatusBadge(status)} status={status} />
}

/** A sync's status as a coloured badge (its meaning on hover). */
export function SyncStatusBadge({ status }: { status: string }) {
  return <StatusBadgeView badge={syncStatusBadge(status)} status={status} />
}
