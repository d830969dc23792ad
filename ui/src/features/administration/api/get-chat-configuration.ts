import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { ChatConfigurationAnswer } from './admin-types'

/**
 * GET /api/chat/configuration (telephony admins), the enterprise sent as the
 * `enterpriseId` header — its Twilio Conversations credentials without the
 * secret, or `configuration` absent when none is saved.
 */
export function getChatConfiguration(enterpriseId: number, signal?: AbortSignal): Promise<ChatConfigurationAnswer> {
  return apiRequest<ChatConfigurationAnswer>('/api/chat/configuration', { enterpriseId, signal })
}

export function chatConfigurationQueryOptions(enterpriseId: number) {
  return queryOptions({ queryKey: adminKeys.chatConfiguration(enterpriseId), queryFn: ({ signal }) => getChatConfiguration(enterpriseId, signal) })
}

export function useChatConfiguration(enterpriseId: number) {
  return useQuery(chatConfigurationQueryOptions(enterpriseId))
}
