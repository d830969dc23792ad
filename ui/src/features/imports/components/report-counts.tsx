import { reportCountItems, type ReportCounts as Counts } from '../import-format'
import { formatCount } from '../../../lib/format-number'

export interface ReportCountsProps {
  report: Counts
  /** Campaign files: show the leads created. */
  withLeads: boolean
}

/** A report's counts: rows read, inserted, updated, unchanged, failed (and leads created). */
export function ReportCounts({ report, withLeads }: ReportCountsProps) {
  return (
    <dl className="import-counts" aria-label="Counts" data-testid="report-counts">
      {reportCountItems(report, withLeads).map((item) => (
        <div key={item.key} className={item.tone ? `import-count import-count--${item.tone}` : 'import-count'}>
          <dt>{item.label}</dt>
          <dd data-testid={`count-${item.key}`}>{formatCount(item.value)}</dd>
        </div>
      ))}
    </dl>
  )
}
