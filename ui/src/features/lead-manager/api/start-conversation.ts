import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest, firstErrorText, notifyApiError } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { openChat } from '../../../lib/chat-dock'
import { STARTED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { leadKeys } from './lead-keys'

export type ConversationStarted = ApiResponse<'/api/service-workflow/initiate', 'get'>

export interface StartConversationInput {
  leadId: number
  /** Start even though the customer was contacted already (after the warning). */
  force?: boolean
}

/** GET /api/service-workflow/initiate?future-service-interaction-id=&force= — sends the opening text. */
export function startConversation({ leadId, force }: StartConversationInput): Promise<ConversationStarted> {
  return apiRequest<ConversationStarted>('/api/service-workflow/initiate', {
    query: { 'future-service-interaction-id': leadId, force: force ? true : undefined },
    notifyErrors: false,
  })
}

/** The 400 answers that ask to confirm a forced start (spec section 4, conversation start). */
export const FORCE_START_MARKERS = [
  'An other interaction has been already initiated for this customer',
  'The customer has already been contacted for',
] as const

/** The server's first error text when a start needs confirming, else null. */
export function forceStartWarning(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null
  const texts = [...(error.body?.errors ?? []), error.body?.message ?? '']
  if (!texts.some((t) => FORCE_START_MARKERS.some((marker) => t.includes(marker)))) return null
  return firstErrorText(error)
}

/**
 * Starts a lead's conversation. Success: 'Successfully Started', the lists
 * are fetched again (the lead moves between them) and its conversation opens.
 * A 400 that asks for confirmation is left to the caller (see
 * `forceStartWarning`); any other failure shows the usual notice.
 */
export function useStartConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (_started, { leadId }) => {
      notify({ message: STARTED_NOTICE_TEXT })
      void queryClient.invalidateQueries({ queryKey: leadKeys.lists() })
      openChat(leadId)
    },
    onError: (error) => {
      if (forceStartWarning(error) === null) notifyApiError(error)
    },
  })
}
