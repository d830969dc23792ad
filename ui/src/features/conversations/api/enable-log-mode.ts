import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { useConversationMutation, type InConversation } from './conversation-mutation'

export type LogModeResult = ApiResponse<'/api/future-service-interaction/track/logMode', 'post'>

export interface LogModeInput extends InConversation {
  messageId: number
}

/** POST /api/future-service-interaction/track/logMode?future-service-interaction-id=&messageId= — on a customer message. */
export function enableLogMode({ leadId, messageId }: LogModeInput): Promise<LogModeResult> {
  return apiRequest<LogModeResult>('/api/future-service-interaction/track/logMode', {
    method: 'POST',
    query: { 'future-service-interaction-id': leadId, messageId },
  })
}

export function useEnableLogMode() {
  return useConversationMutation(enableLogMode, 'Log mode enabled')
}
