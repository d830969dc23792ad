import { useRowsUnderReview } from '../api/review-imported-row'
import type { ImportedRow } from '../api/search-imported-rows'
import { customerName, reviewActions, rowName } from '../import-review'

export interface ReviewButtonsProps {
  row: ImportedRow
  onAccept: (row: ImportedRow) => void
  /** Opens the reject dialog (the reason is asked there). */
  onReject: (row: ImportedRow) => void
}

/**
 * A row's Accept and Reject, named after the row for screen readers. A button
 * that does not apply (Accept on an accepted row), or waits for the server,
 * stays focusable with `aria-disabled`, so keyboard focus is not lost when the
 * row changes under it; its tooltip says why.
 */
export function ReviewButtons({ row, onAccept, onReject }: ReviewButtonsProps) {
  const busy = useRowsUnderReview().includes(row.id)
  const actions = reviewActions(row)
  const who = customerName(row)
  const label = (verb: string) => `${verb} ${rowName(row)}${who ? `, ${who}` : ''}`
  return (
    <div className="review-actions" aria-busy={busy || undefined}>
      <button
        type="button"
        className="btn btn--small"
        aria-disabled={busy || !actions.accept.allowed || undefined}
        aria-label={label('Accept')}
        title={actions.accept.hint}
        onClick={() => {
          if (!busy && actions.accept.allowed) onAccept(row)
        }}
      >
        Accept
      </button>
      <button
        type="button"
        className="btn btn--small btn--danger"
        aria-disabled={busy || !actions.reject.allowed || undefined}
        aria-haspopup="dialog"
        aria-label={label('Reject')}
        title={actions.reject.hint}
        onClick={() => {
          if (!busy && actions.reject.allowed) onReject(row)
        }}
      >
        Reject
      </button>
    </div>
  )
}
