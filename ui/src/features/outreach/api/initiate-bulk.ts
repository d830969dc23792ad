import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { BulkInitiateBody } from '../bulk-search'

const PATH = '/api/service-workflow/bulk/initiate'

export type BulkInitiateAnswer = ApiResponse<typeof PATH, 'post'>
export type DryRun = NonNullable<BulkInitiateAnswer['dryRun']>
export type DryRunLead = DryRun['leads'][number]

/**
 * POST /api/service-workflow/bulk/initiate. With `dryRun` it answers who would
 * be texted now, later or not (and why) and sends nothing; without, the run
 * (`outreach.bulk-initiate`) at once. Errors raise no notice here: the screen
 * shows a 400's, 403's or 404's message in place and passes others on.
 */
export function initiateBulk(body: BulkInitiateBody): Promise<BulkInitiateAnswer> {
  return apiRequest<BulkInitiateAnswer>(PATH, { method: 'POST', body, notifyErrors: false })
}

/** The dry run of a selection (`dryRun: true` is the caller's to set). */
export function useBulkDryRun() {
  return useMutation({ mutationFn: initiateBulk })
}

/** Starts the run of a selection. */
export function useStartBulkRun() {
  return useMutation({ mutationFn: initiateBulk })
}
