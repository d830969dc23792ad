import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { useConversationMutation, type InConversation } from './conversation-mutation'

const PATH = '/api/future-service-interaction/conversationClosed'

export type ClosedLead = ApiResponse<typeof PATH, 'put'>

export interface CloseConversation extends InConversation {
  conversationClosed: boolean
}

/** PUT conversationClosed?id=&conversationClosed= — closes or reopens the lead's conversation. */
export function closeConversation({ leadId, conversationClosed }: CloseConversation): Promise<ClosedLead> {
  return apiRequest<ClosedLead>(PATH, { method: 'PUT', query: { id: leadId, conversationClosed } })
}

/** 'Successfully Updated'; the conversation and the lead are fetched again. */
export function useCloseConversation() {
  return useConversationMutation(closeConversation, UPDATED_NOTICE_TEXT, { refetchLead: true })
}
