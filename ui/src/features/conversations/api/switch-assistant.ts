import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { useConversationMutation, type InConversation } from './conversation-mutation'

const PATH = '/api/future-service-interaction/update-ai-enabled'

export type SwitchedLead = ApiResponse<typeof PATH, 'post'>

export interface SwitchAssistant extends InConversation {
  aiEnabled: boolean
}

/** POST update-ai-enabled?id=&aiEnabled= — the lead's AI switch, from the conversation's options. */
export function switchAssistant({ leadId, aiEnabled }: SwitchAssistant): Promise<SwitchedLead> {
  return apiRequest<SwitchedLead>(PATH, { method: 'POST', query: { id: leadId, aiEnabled } })
}

/** 'Successfully Updated'; the conversation and the lead are fetched again. */
export function useSwitchAssistant() {
  return useConversationMutation(switchAssistant, UPDATED_NOTICE_TEXT, { refetchLead: true })
}
