import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { useConversationMutation, type InConversation } from './conversation-mutation'

const PATH = '/api/future-service-interaction/action-intent'

export type ActionIntentBody = ApiRequestBody<typeof PATH, 'post'>
export type ActionIntentResult = ApiResponse<typeof PATH, 'post'>

export interface ActOnIntentInput extends InConversation {
  messageId: number
  intentName: string
  /** Chosen from Default Action Intents (any label) rather than Action Intents (found in the message). */
  isDefault: boolean
}

/**
 * POST /api/future-service-interaction/action-intent `{futureServiceInteractionId, messageId,
 * intentName, isDefault}` — the Action Intents popovers' Save.
 */
export function actOnIntent({ leadId, messageId, intentName, isDefault }: ActOnIntentInput): Promise<ActionIntentResult> {
  const body: ActionIntentBody = { futureServiceInteractionId: leadId, messageId, intentName, isDefault }
  return apiRequest<ActionIntentResult>(PATH, { method: 'POST', body })
}

/**
 * Success: the server's message ('Successfully Updated'); the conversation (texts the action
 * queued) and the lead (insight, response required, DT) are fetched again.
 */
export function useActOnIntent() {
  return useConversationMutation(actOnIntent, (result) => result.message || UPDATED_NOTICE_TEXT, { refetchLead: true })
}
