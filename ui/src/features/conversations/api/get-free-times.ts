import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { conversationKeys } from './conversation-keys'

const PATH = '/api/nlp/availability-without-template'

export type TextBookingBody = ApiRequestBody<typeof PATH, 'post'>
/** `requested` (the store's local `YYYY-MM-DDTHH:MM` the text named, if any) and up to three free `times`. */
export type FreeTimesAnswer = ApiResponse<typeof PATH, 'post'>
export type FreeTime = FreeTimesAnswer['times'][number]

export interface FreeTimesInput {
  leadId: number
  /** The text staff selected in the conversation. */
  text: string
}

/**
 * POST /api/nlp/availability-without-template?future-service-interaction-id= `{text}` — the free
 * times the assistant would offer, nearest the day and time the text names (else the first from
 * now). Nothing is sent to the customer.
 */
export function getFreeTimes({ leadId, text }: FreeTimesInput, signal?: AbortSignal): Promise<FreeTimesAnswer> {
  const body: TextBookingBody = { text }
  return apiRequest<FreeTimesAnswer>(PATH, { method: 'POST', query: { 'future-service-interaction-id': leadId }, body, signal })
}

export function freeTimesQueryOptions(input: FreeTimesInput) {
  return queryOptions({
    queryKey: conversationKeys.freeTimes(input.leadId, input.text),
    queryFn: ({ signal }) => getFreeTimes(input, signal),
  })
}

export function useFreeTimes(input: FreeTimesInput) {
  return useQuery(freeTimesQueryOptions(input))
}
