import { ApiError, apiRequest, firstErrorText } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { useConversationMutation, type InConversation } from './conversation-mutation'
import { DT_DISABLED_TEXT } from './disable-dt-dialogue'

const PATH = '/api/future-service-interaction/dtDialog/resume'

export type DtDialogueStart = ApiRequestBody<typeof PATH, 'post'>
export type DtDialogueResult = ApiResponse<typeof PATH, 'post'>

export const DT_SENT_TEXT = 'Date Time Dialogue Sent'

export interface ResumeDtDialogueInput extends InConversation {
  /** The customer's words the assistant answers: the content of the message DT was clicked on. */
  lastMessage: string
  /** Start even though the server advised against it (after the confirm pop-up). */
  isForced: boolean
}

/**
 * POST /api/future-service-interaction/dtDialog/resume `{id, dtDialogEnabled: true, lastMessage,
 * manualBooking: false, isForced}` — the DT badge's green click. Failures are not raised as
 * notices: a refusal is asked about first (see `dtDialogueRefusal`).
 */
export function resumeDtDialogue({ leadId, lastMessage, isForced }: ResumeDtDialogueInput): Promise<DtDialogueResult> {
  const body: DtDialogueStart = { id: leadId, dtDialogEnabled: true, lastMessage, manualBooking: false, isForced }
  return apiRequest<DtDialogueResult>(PATH, { method: 'POST', body, notifyErrors: false })
}

/**
 * The server's first error text when it refused to start the dialogue (400: an appointment is
 * set, a dialogue runs, the conversation is closed, the assistant is off…), which the confirm
 * pop-up quotes; null for any other failure.
 */
export function dtDialogueRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null
  return firstErrorText(error)
}

/**
 * Starts the date-time dialogue (spec section 4). Success: 'Date Time Dialogue Sent' — or, for a
 * forced start, the spec's literal 'Date Time Dialogue Disabled' — and the conversation and the
 * lead (its DT switch) are fetched again. Failures are left to the caller.
 */
export function useResumeDtDialogue() {
  return useConversationMutation(resumeDtDialogue, (_result, { isForced }) => (isForced ? DT_DISABLED_TEXT : DT_SENT_TEXT), {
    refetchLead: true,
  })
}
