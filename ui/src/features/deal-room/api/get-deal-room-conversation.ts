import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { dealRoomKeys } from './deal-room-keys'
import type { DealRoomConversation, DealRoomLink } from './deal-room-types'
import { isLinkRefused, linkQuery, retryTransient } from './link-errors'

/** How often an open deal room or customer page asks for new messages. */
export const DEAL_ROOM_POLL_MS = 5_000

/** GET /servicedealroom/conversationHistory — public; the lead's messages oldest first. */
export function getDealRoomConversation(link: DealRoomLink, signal?: AbortSignal): Promise<DealRoomConversation> {
  return apiRequest<DealRoomConversation>('/servicedealroom/conversationHistory', {
    query: linkQuery(link),
    auth: false,
    notifyErrors: false,
    signal,
  })
}

export function dealRoomConversationQueryOptions(link: DealRoomLink) {
  return queryOptions({
    queryKey: dealRoomKeys.history(link),
    queryFn: ({ signal }) => getDealRoomConversation(link, signal),
    retry: retryTransient,
    // Polled while open; a refused link stops asking.
    refetchInterval: (query) => (isLinkRefused(query.state.error) ? false : DEAL_ROOM_POLL_MS),
  })
}

/** The conversation, polled every 5 s once `enabled` (the lead was let in). */
export function useDealRoomConversation(link: DealRoomLink, enabled = true) {
  return useQuery({ ...dealRoomConversationQueryOptions(link), enabled })
}
