import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { useConversationMutation, type InConversation } from './conversation-mutation'

export type LogModeValidity = ApiRequestBody<'/api/svc-message-instance/updateLogModeResponseValidity', 'put'>
export type LogModeValidityResult = ApiResponse<'/api/svc-message-instance/updateLogModeResponseValidity', 'put'>

export interface LogModeValidityInput extends InConversation {
  messageId: number
  isValid: boolean
}

/** PUT /api/svc-message-instance/updateLogModeResponseValidity `{messageId, isValid}`. */
export function setLogModeValidity({ leadId, messageId, isValid }: LogModeValidityInput): Promise<LogModeValidityResult> {
  const body: LogModeValidity = { chatBoxId: String(leadId), messageId, isValid }
  return apiRequest<LogModeValidityResult>('/api/svc-message-instance/updateLogModeResponseValidity', { method: 'PUT', body })
}

export function useSetLogModeValidity() {
  return useConversationMutation(setLogModeValidity, UPDATED_NOTICE_TEXT)
}
