import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { laneKeys } from './lane-keys'
import type { UnreadCount } from './lane-types'

/**
 * GET /api/svc-message-instance/v2/unreadByStoreId?enterpriseId= — unread
 * customer messages per store of the enterprise (the store picker). Without
 * `storeIdPk`: every store at once, rather than one call per store.
 */
export function getUnreadByStore(enterpriseId: number, signal?: AbortSignal): Promise<UnreadCount[]> {
  return apiRequest<UnreadCount[]>('/api/svc-message-instance/v2/unreadByStoreId', {
    query: { enterpriseId },
    signal,
    notifyErrors: false,
  })
}

export function unreadByStoreQueryOptions(enterpriseId: number) {
  return queryOptions({
    queryKey: laneKeys.unreadByStore(enterpriseId),
    staleTime: 30_000,
    queryFn: ({ signal }) => getUnreadByStore(enterpriseId, signal),
  })
}

export function useUnreadByStore(enterpriseId: number | undefined) {
  return useQuery({ ...unreadByStoreQueryOptions(enterpriseId ?? 0), enabled: enterpriseId !== undefined })
}
