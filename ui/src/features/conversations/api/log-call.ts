import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { useConversationMutation, type InConversation } from './conversation-mutation'

const PATH = '/api/svc-message-instance/call-log'

export type CallLogBody = ApiRequestBody<typeof PATH, 'post'>
export type CallOutcome = NonNullable<CallLogBody['outcome']>
export type LoggedCall = ApiResponse<typeof PATH, 'post'>

/** The outcomes a call may be logged with, in the server's words (a new one fails the type check until it is named here). */
export const CALL_OUTCOMES: Record<CallOutcome, string> = {
  ANSWERED: 'Answered',
  VOICEMAIL_LEFT: 'Voicemail left',
  NO_ANSWER: 'No answer',
  BUSY: 'Busy',
  WRONG_NUMBER: 'Wrong number',
}

export interface LogCall extends InConversation {
  body: Omit<CallLogBody, 'futureServiceInteractionId'>
}

/** POST /api/svc-message-instance/call-log — a call with the customer, as a card in the conversation. */
export function logCall({ leadId, body }: LogCall): Promise<LoggedCall> {
  return apiRequest<LoggedCall>(PATH, { method: 'POST', body: { ...body, futureServiceInteractionId: leadId }, notifyErrors: false })
}

/** 'Call logged'; the conversation is fetched again. */
export function useLogCall() {
  return useConversationMutation(logCall, 'Call logged')
}
