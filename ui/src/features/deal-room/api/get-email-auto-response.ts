import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { dealRoomKeys } from './deal-room-keys'
import type { EmailAutoResponseQuery, EmailAutoResponseResult } from './deal-room-types'

/**
 * GET /api/email/autoResponse — public: the e-mailed link's key is the proof.
 * It records the customer's answer, so it is asked once (never retried or refetched).
 */
export function getEmailAutoResponse(query: EmailAutoResponseQuery, signal?: AbortSignal): Promise<EmailAutoResponseResult> {
  return apiRequest<EmailAutoResponseResult>('/api/email/autoResponse', { query: { ...query }, auth: false, notifyErrors: false, signal })
}

export function emailAutoResponseQueryOptions(query: EmailAutoResponseQuery) {
  return queryOptions({
    queryKey: dealRoomKeys.autoResponse(query),
    // No signal: a strict-mode remount must not abort and re-send the one call.
    queryFn: () => getEmailAutoResponse(query),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  })
}

export function useEmailAutoResponse(query: EmailAutoResponseQuery) {
  return useQuery(emailAutoResponseQueryOptions(query))
}
