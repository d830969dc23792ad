import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { simulatorKeys } from './simulator-keys'

export type SimulatedReply = ApiRequestBody<'/api/simulator/phones/{customerId}/reply', 'post'>
export type StoredReply = ApiResponse<'/api/simulator/phones/{customerId}/reply', 'post'>

export interface SendReplyInput {
  customerId: number
  body: string
}

/**
 * POST /api/simulator/phones/{customerId}/reply — the customer's text, taken in
 * through the signed inbound webhook path like a provider's. A failure raises
 * the usual notice (409 when the store does not use the simulator).
 */
export function sendReply({ customerId, body }: SendReplyInput): Promise<StoredReply> {
  const request: SimulatedReply = { body }
  return apiRequest<StoredReply>(`/api/simulator/phones/${encodeURIComponent(customerId)}/reply`, {
    method: 'POST',
    body: request,
  })
}

export function useSendReply() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendReply,
    onSuccess: (_reply, { customerId }) => {
      void queryClient.invalidateQueries({ queryKey: simulatorKeys.thread(customerId) })
      void queryClient.invalidateQueries({ queryKey: simulatorKeys.phoneLists() })
    },
  })
}
