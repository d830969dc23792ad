import { useMutation, useQueryClient } from '@tanstack/react-query'
import { notify } from '../../../lib/notices'
import { conversationKeys } from './conversation-keys'

/** Every change to a message names its conversation, so it can be refetched. */
export interface InConversation {
  leadId: number
}

/**
 * A change to a message of a conversation: on success a toast with
 * `successText` (the spec's wording) and the conversation is fetched again.
 * Failures raise the API client's notice.
 */
export function useConversationMutation<I extends InConversation, R>(mutationFn: (input: I) => Promise<R>, successText: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (_result, { leadId }) => {
      notify({ message: successText })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.history(leadId) })
    },
  })
}
