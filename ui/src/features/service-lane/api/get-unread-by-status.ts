import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { laneKeys } from './lane-keys'
import type { UnreadCount } from './lane-types'

/** GET /api/svc-message-instance/v2/unreadByROStatus?storeIdPk=&enterpriseId= — a store's unread customer messages per open-order status (the lane headers). */
export function getUnreadByStatus(enterpriseId: number, storeId: number, signal?: AbortSignal): Promise<UnreadCount[]> {
  return apiRequest<UnreadCount[]>('/api/svc-message-instance/v2/unreadByROStatus', {
    query: { storeIdPk: storeId, enterpriseId },
    signal,
    // The counts are an aid; the board works without them.
    notifyErrors: false,
  })
}

export function unreadByStatusQueryOptions(enterpriseId: number, storeId: number) {
  return queryOptions({
    queryKey: laneKeys.unreadByStatus(enterpriseId, storeId),
    // Kept current from the stream (+1 per customer message, down as conversations are read).
    staleTime: 30_000,
    queryFn: ({ signal }) => getUnreadByStatus(enterpriseId, storeId, signal),
  })
}

export function useUnreadByStatus(enterpriseId: number | undefined, storeId: number | undefined) {
  return useQuery({
    ...unreadByStatusQueryOptions(enterpriseId ?? 0, storeId ?? 0),
    enabled: enterpriseId !== undefined && storeId !== undefined,
  })
}
