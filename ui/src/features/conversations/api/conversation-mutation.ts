import { useMutation, useQueryClient } from '@tanstack/react-query'
import { notify } from '../../../lib/notices'
import { conversationKeys } from './conversation-keys'

/** Every change to a message names its conversation, so it can be refetched. */
export interface InConversation {
  leadId: number
}

export interface ConversationMutationOptions {
  /** The change also sets the lead's own switches (DT, response insight…): fetch the lead again too. */
  refetchLead?: boolean
}

/**
 * A change to a message of a conversation: on success a toast with
 * `successText` (the spec's wording, or worked out from the answer) and the
 * conversation is fetched again. Failures raise the API client's notice unless
 * the call was made without it.
 */
export function useConversationMutation<I extends InConversation, R>(
  mutationFn: (input: I) => Promise<R>,
  successText: string | ((result: R, input: I) => string),
  { refetchLead = false }: ConversationMutationOptions = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (result, input) => {
      notify({ message: typeof successText === 'string' ? successText : successText(result, input) })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.history(input.leadId) })
      if (refetchLead) void queryClient.invalidateQueries({ queryKey: conversationKeys.lead(input.leadId) })
    },
  })
}
