import type { QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { conversationKeys } from './conversation-keys'
import type { Lead } from './get-lead'

export type ReadAcknowledgement = ApiRequestBody<'/api/svc-message-instance/read', 'put'>
export type ReadResult = ApiResponse<'/api/svc-message-instance/read', 'put'>

/**
 * PUT /api/svc-message-instance/read `{futureServiceInteractionId, lastMessageId}` —
 * the customer's messages up to `lastMessageId` have been read. Quiet on
 * failure (it is sent in the background); the lead's unread count is updated.
 */
export async function markRead(queryClient: QueryClient, leadId: number, lastMessageId: number | undefined): Promise<void> {
  const body: ReadAcknowledgement = { futureServiceInteractionId: leadId, lastMessageId }
  try {
    const result = await apiRequest<ReadResult>('/api/svc-message-instance/read', { method: 'PUT', body, notifyErrors: false })
    queryClient.setQueryData<Lead>(conversationKeys.lead(leadId), (lead) =>
      lead ? { ...lead, totalUnreadCount: result.totalUnreadCount } : lead,
    )
  } catch {
    // the next acknowledgement catches up
  }
}
