import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { useConversationMutation, type InConversation } from './conversation-mutation'

export type ResponseTimeUpdate = ApiRequestBody<'/api/svc-message-instance/message-response-time', 'put'>
export type ResponseTimeResult = ApiResponse<'/api/svc-message-instance/message-response-time', 'put'>

export interface ResponseTimeInput extends InConversation {
  messageId: number
  /** `DD-MM-YYYY HH:mm:ss`, UTC. */
  msgDateTime: string
}

/** PUT /api/svc-message-instance/message-response-time `{id, msgDateTime}` — on a message to the customer. */
export function setResponseTime({ messageId, msgDateTime }: ResponseTimeInput): Promise<ResponseTimeResult> {
  const body: ResponseTimeUpdate = { id: messageId, msgDateTime }
  return apiRequest<ResponseTimeResult>('/api/svc-message-instance/message-response-time', { method: 'PUT', body })
}

export function useSetResponseTime() {
  return useConversationMutation(setResponseTime, 'Message Response Successfully Updated')
}
