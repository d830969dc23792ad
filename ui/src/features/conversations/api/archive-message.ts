import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { useConversationMutation, type InConversation } from './conversation-mutation'

export type ArchiveResult = ApiResponse<'/api/svc-message-instance/archive', 'put'>

export interface ArchiveInput extends InConversation {
  messageId: number
}

/** PUT /api/svc-message-instance/archive?message_instance_id= — one-way; SUPER_DATA_ADMIN and SUPER_USER. */
export function archiveMessage({ messageId }: ArchiveInput): Promise<ArchiveResult> {
  return apiRequest<ArchiveResult>('/api/svc-message-instance/archive', {
    method: 'PUT',
    query: { message_instance_id: messageId },
  })
}

export function useArchiveMessage() {
  return useConversationMutation(archiveMessage, 'Successfully Archived')
}
