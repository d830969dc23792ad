import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { ChatConfiguration, ChatConfigurationAnswer, ChatConfigurationBody } from './admin-types'

export interface SaveChatConfigurationInput {
  /** Sent as the `enterpriseId` header. */
  enterpriseId: number
  body: ChatConfigurationBody
}

/**
 * PUT /api/chat/configuration (telephony admins) — saved credentials are
 * untested until tested; without `apiKeySecret` the stored secret is kept.
 * Raises no notice: the form lists a 400's problems.
 */
export function saveChatConfiguration({ enterpriseId, body }: SaveChatConfigurationInput): Promise<ChatConfiguration> {
  return apiRequest<ChatConfiguration>('/api/chat/configuration', { method: 'PUT', body, enterpriseId, notifyErrors: false })
}

/** Saves; the configuration is cached from the answer and the audit log fetched again. */
export function useSaveChatConfiguration() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveChatConfiguration,
    onSuccess: (saved, input) => {
      queryClient.setQueryData<ChatConfigurationAnswer>(adminKeys.chatConfiguration(input.enterpriseId), { configuration: saved })
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit(input.enterpriseId) })
    },
  })
}
