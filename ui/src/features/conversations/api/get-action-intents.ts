import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { conversationKeys } from './conversation-keys'

const PATH = '/api/future-service-interaction/action-intents'

export type ActionIntentChoices = ApiResponse<typeof PATH, 'get'>
export type ActionIntentChoice = ActionIntentChoices['actionIntents'][number]

export interface ActionIntentsInput {
  leadId: number
  messageId: number
}

/**
 * GET /api/future-service-interaction/action-intents?future-service-interaction-id=&messageId= —
 * the choices of the Action Intents popover (the intents the assistant found in a customer
 * message) and of Default Action Intents (every label). Failures are not raised as notices:
 * the popover shows them.
 */
export function getActionIntents({ leadId, messageId }: ActionIntentsInput, signal?: AbortSignal): Promise<ActionIntentChoices> {
  return apiRequest<ActionIntentChoices>(PATH, {
    query: { 'future-service-interaction-id': leadId, messageId },
    signal,
    notifyErrors: false,
  })
}

export function actionIntentsQueryOptions(input: ActionIntentsInput) {
  return queryOptions({
    queryKey: conversationKeys.actionIntents(input.leadId, input.messageId),
    queryFn: ({ signal }) => getActionIntents(input, signal),
  })
}

export function useActionIntents(input: ActionIntentsInput) {
  return useQuery(actionIntentsQueryOptions(input))
}
