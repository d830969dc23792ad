import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { conversationKeys } from './conversation-keys'

const PATH = '/api/future-service-interaction/intentDetails'

export type IntentDetails = ApiResponse<typeof PATH, 'get'>
export type IntentDetail = IntentDetails['intents'][number]

export interface IntentDetailsInput {
  leadId: number
  messageId: number
}

/**
 * GET /api/future-service-interaction/intentDetails?future-service-interaction-id=&messageId= —
 * what the assistant understood of a customer message; `understood: false`
 * (empty lists) until it has read it. SUPER_DATA_ADMIN and SUPER_USER only.
 * Failures are not raised as notices: the Show Intent dialog shows them.
 */
export function getIntentDetails({ leadId, messageId }: IntentDetailsInput, signal?: AbortSignal): Promise<IntentDetails> {
  return apiRequest<IntentDetails>(PATH, {
    query: { 'future-service-interaction-id': leadId, messageId },
    signal,
    notifyErrors: false,
  })
}

export function intentDetailsQueryOptions(input: IntentDetailsInput) {
  return queryOptions({
    queryKey: conversationKeys.intentDetails(input.leadId, input.messageId),
    queryFn: ({ signal }) => getIntentDetails(input, signal),
  })
}

export function useIntentDetails(input: IntentDetailsInput) {
  return useQuery(intentDetailsQueryOptions(input))
}
