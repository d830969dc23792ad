import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { isActiveSync } from '../data-sources'
import type { SyncHistoryQuery } from '../source-search'
import { importKeys } from './import-keys'

export type SyncPage = ApiResponse<'/api/data-sync/sync-history/{enterpriseId}', 'get'>
/** One sync: its source, how it went, what it imported. */
export type Sync = SyncPage['content'][number]

/** While a shown sync runs, the history is fetched again this often. */
export const ACTIVE_SYNC_POLL_MS = 2000

/** GET /api/data-sync/sync-history/{enterpriseId}?storeIdFk=&dataSourceId=&page=&size= — newest first. */
export function getSyncHistory(query: SyncHistoryQuery, signal?: AbortSignal, notifyErrors = true): Promise<SyncPage> {
  return apiRequest<SyncPage>(`/api/data-sync/sync-history/${encodeURIComponent(query.enterpriseId)}`, {
    query: { storeIdFk: query.storeId, dataSourceId: query.dataSourceId, page: query.page, size: query.size },
    signal,
    notifyErrors,
  })
}

export function syncHistoryQueryOptions(query: SyncHistoryQuery) {
  return queryOptions({
    queryKey: importKeys.syncList(query),
    // A background refetch of a page already shown fails quietly; the page stays.
    queryFn: ({ signal, client, queryKey }) => getSyncHistory(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

/** A page of syncs; fetched again every 2 s while one of them runs. */
export function useSyncHistory(query: SyncHistoryQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...syncHistoryQueryOptions(query),
    enabled: options.enabled ?? true,
    refetchInterval: (q) => (q.state.data?.content.some((s) => isActiveSync(s.status)) ? ACTIVE_SYNC_POLL_MS : false),
  })
}
