import { useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { replaceRowInPage, type ReviewDecision } from '../import-review'
import { importKeys, REVIEW_MUTATION_KEY } from './import-keys'
import type { ImportedRow, ImportedRowPage } from './search-imported-rows'

export type ReviewedRow = ApiResponse<'/api/list-of-customer-vehicle-lead/enrichment/{id}/status/update/{statusType}', 'put'>

export interface ReviewInput {
  /** The file the row is from (whose cached pages show it). */
  reportId: number
  rowId: number
  decision: ReviewDecision
  /** Required to reject: a key of `GET /api/data-sync/lead/prepaid/errorMessages`. */
  reasonKey?: string
}

/**
 * PUT /api/list-of-customer-vehicle-lead/enrichment/{id}/status/update/{statusType}?reasonkey= —
 * ACCEPTED, or REJECTED with a reason; answers the row as it now is. Errors raise no
 * notice here: the review shows the server's reason where the reviewer acted.
 */
export function reviewImportedRow({ rowId, decision, reasonKey }: ReviewInput): Promise<ReviewedRow> {
  return apiRequest<ReviewedRow>(
    `/api/list-of-customer-vehicle-lead/enrichment/${encodeURIComponent(rowId)}/status/update/${encodeURIComponent(decision)}`,
    { method: 'PUT', query: { reasonkey: decision === 'REJECTED' ? reasonKey : undefined }, notifyErrors: false },
  )
}

/** Puts the reviewed row in place in every cached page of its file's review. */
export function patchReviewedRow(queryClient: QueryClient, reportId: number, row: ImportedRow): void {
  queryClient.setQueriesData<ImportedRowPage>({ queryKey: importKeys.reviewRowLists(reportId) }, (page) => replaceRowInPage(page, row))
}

/**
 * Accepts or rejects a row. On success the row changes in place (the page does
 * not jump, even when the status filter no longer matches it) and 'Successfully
 * Updated' shows; the file's other pages are fetched again when next shown.
 */
export function useReviewImportedRow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: REVIEW_MUTATION_KEY,
    mutationFn: reviewImportedRow,
    onSuccess: (row, { reportId }) => {
      patchReviewedRow(queryClient, reportId, row)
      void queryClient.invalidateQueries({ queryKey: importKeys.reviewRowLists(reportId), refetchType: 'none' })
      notify({ message: UPDATED_NOTICE_TEXT })
    },
  })
}

/**
 * The ids of the rows being accepted or rejected right now (the same array
 * while nothing changes: TanStack Query shares it structurally).
 */
export function useRowsUnderReview(): readonly (number | undefined)[] {
  return useMutationState({
    filters: { mutationKey: REVIEW_MUTATION_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ReviewInput | undefined)?.rowId,
  })
}
