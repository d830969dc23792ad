import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'

export type SyncRequest = ApiRequestBody<'/api/data-sync/sync-data', 'post'>
/** 202: the `imports.sync` run ('Processing has been started successfully'); a second one while it runs answers the running one. */
export type SyncStarted = ApiResponse<'/api/data-sync/sync-data', 'post', 202>

/**
 * POST /api/data-sync/sync-data {storeIdFk, dataSourceId?} — sync now. No enabled source, or a
 * switched-off one: 400 'Datasource is not configured'; an uploads-only source: 400 'DMS not
 * supporting Sync'. Errors raise the usual notice (the server's first error).
 */
export function startSync(body: SyncRequest): Promise<SyncStarted> {
  return apiRequest<SyncStarted>('/api/data-sync/sync-data', { method: 'POST', body })
}

export function useStartSync() {
  return useMutation({ mutationFn: startSync })
}
