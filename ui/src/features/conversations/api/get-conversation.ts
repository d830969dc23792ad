import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { conversationKeys } from './conversation-keys'

export type Conversation = ApiResponse<'/api/svc-message-instance/conversation-history', 'get'>

/**
 * GET /api/svc-message-instance/conversation-history?future_service_interaction_id= —
 * the lead's messages oldest first, as the caller may see them (archived ones
 * only for SUPER_DATA_ADMIN, notes only for SUPER_DATA_ADMIN and SUPER_USER).
 */
export function getConversation(leadId: number, signal?: AbortSignal, notifyErrors = true): Promise<Conversation> {
  return apiRequest<Conversation>('/api/svc-message-instance/conversation-history', {
    query: { future_service_interaction_id: leadId },
    signal,
    notifyErrors,
  })
}

export function conversationQueryOptions(leadId: number) {
  return queryOptions({
    queryKey: conversationKeys.history(leadId),
    // Live events refetch it while the box is open; a background refetch fails quietly.
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) => getConversation(leadId, signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useConversation(leadId: number, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...conversationQueryOptions(leadId), refetchInterval: options.refetchInterval ?? false })
}
