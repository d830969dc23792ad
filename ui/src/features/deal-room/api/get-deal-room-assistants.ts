import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { dealRoomKeys } from './deal-room-keys'
import type { DealRoomAssistant, DealRoomLink } from './deal-room-types'
import { linkQuery, retryTransient } from './link-errors'

/** GET /servicedealroom/assistantList — public; the store's assistants. */
export function getDealRoomAssistants(link: DealRoomLink, signal?: AbortSignal): Promise<DealRoomAssistant[]> {
  return apiRequest<DealRoomAssistant[]>('/servicedealroom/assistantList', { query: linkQuery(link), auth: false, notifyErrors: false, signal })
}

export function dealRoomAssistantsQueryOptions(link: DealRoomLink) {
  return queryOptions({
    queryKey: dealRoomKeys.assistants(link),
    queryFn: ({ signal }) => getDealRoomAssistants(link, signal),
    staleTime: 5 * 60_000,
    retry: retryTransient,
  })
}

export function useDealRoomAssistants(link: DealRoomLink, enabled = true) {
  return useQuery({ ...dealRoomAssistantsQueryOptions(link), enabled })
}
