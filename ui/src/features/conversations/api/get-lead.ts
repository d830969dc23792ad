import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { conversationKeys } from './conversation-keys'

/** A lead (future service interaction) with its customer and store. */
export type Lead = ApiResponse<'/api/future-service-interaction/{id}', 'get'>

/** GET /api/future-service-interaction/{id} — the lead a chat box shows. */
export function getLead(leadId: number, signal?: AbortSignal, notifyErrors = true): Promise<Lead> {
  return apiRequest<Lead>(`/api/future-service-interaction/${encodeURIComponent(leadId)}`, { signal, notifyErrors })
}

export function leadQueryOptions(leadId: number) {
  return queryOptions({
    queryKey: conversationKeys.lead(leadId),
    // Counters follow `lead.counts` events; the rest seldom changes while a box is open.
    staleTime: 60_000,
    queryFn: ({ signal, client, queryKey }) => getLead(leadId, signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useLead(leadId: number) {
  return useQuery(leadQueryOptions(leadId))
}
