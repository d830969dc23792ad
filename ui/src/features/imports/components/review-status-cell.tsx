import { CellStack } from '../../../components/data-table/cell-stack'
import { useRejectReasons } from '../api/get-reject-reasons'
import type { ImportedRow } from '../api/search-imported-rows'
import { reasonText, reviewStatusBadge } from '../import-review'
import { StatusBadgeView } from './status-badge'

/** A row's status badge, and a rejected row's reason (the server's text for it) under it. */
export function ReviewStatusCell({ row }: { row: ImportedRow }) {
  const reasons = useRejectReasons({ enabled: row.enrichmentStatus === 'REJECTED' })
  const reason = row.enrichmentStatus === 'REJECTED' ? reasonText(row.reasonKey, reasons.data) : ''
  return (
    <CellStack
      main={<StatusBadgeView badge={reviewStatusBadge(row, reason)} status={row.enrichmentStatus} />}
      sub={reason ? <span className="review-reason">{reason}</span> : undefined}
      title={reason || undefined}
    />
  )
}
