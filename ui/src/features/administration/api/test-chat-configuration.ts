import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { ChatConfigurationAnswer, ChatTested } from './admin-types'

/**
 * POST /api/chat/validate-configuration (telephony admins), the enterprise sent
 * as the `enterpriseId` header — tests the stored credentials against Twilio:
 * 'Successfully Tested' and marked authenticated; 400 'Invalid Credentials.';
 * 502 when Twilio cannot be reached. Raises no notice: the section words each outcome (H-R5, H-R6).
 */
export function testChatConfiguration(enterpriseId: number): Promise<ChatTested> {
  return apiRequest<ChatTested>('/api/chat/validate-configuration', { method: 'POST', enterpriseId, notifyErrors: false })
}

/**
 * Tests; a good answer's configuration (now authenticated) is cached, and after
 * a failure it is fetched again (refused credentials are marked untested).
 */
export function useTestChatConfiguration() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: testChatConfiguration,
    onSuccess: (tested, enterpriseId) => {
      queryClient.setQueryData<ChatConfigurationAnswer>(adminKeys.chatConfiguration(enterpriseId), { configuration: tested.configuration })
    },
    onError: (_error, enterpriseId) => void queryClient.invalidateQueries({ queryKey: adminKeys.chatConfiguration(enterpriseId) }),
  })
}
