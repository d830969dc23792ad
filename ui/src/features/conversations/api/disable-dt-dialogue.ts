import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { useConversationMutation, type InConversation } from './conversation-mutation'

const PATH = '/api/future-service-interaction/dtDialog/disable'

export type DtDialogueOff = ApiRequestBody<typeof PATH, 'post'>
export type DtDialogueOffResult = ApiResponse<typeof PATH, 'post'>

/** The spec's toast when the date-time dialogue is switched off (and, as written, after a forced start). */
export const DT_DISABLED_TEXT = 'Date Time Dialogue Disabled'

/** POST /api/future-service-interaction/dtDialog/disable `{id}` — the DT badge's red click. */
export function disableDtDialogue({ leadId }: InConversation): Promise<DtDialogueOffResult> {
  const body: DtDialogueOff = { id: leadId }
  return apiRequest<DtDialogueOffResult>(PATH, { method: 'POST', body })
}

/** Success: 'Date Time Dialogue Disabled'; the conversation and the lead (its DT switch) are fetched again. */
export function useDisableDtDialogue() {
  return useConversationMutation(disableDtDialogue, DT_DISABLED_TEXT, { refetchLead: true })
}
