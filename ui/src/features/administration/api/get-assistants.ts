import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { Assistant } from './admin-types'

/**
 * GET /assistant/v2/getassistlist — every store's assistants in the enterprise
 * (no store or dealer named: the whole scope), the enterprise sent as the
 * `enterpriseId` header so SUPER_ADMIN sees the one picked.
 */
export function getAssistants(enterpriseId: number, signal?: AbortSignal): Promise<Assistant[]> {
  return apiRequest<Assistant[]>('/assistant/v2/getassistlist', { enterpriseId, signal })
}

export function assistantsQueryOptions(enterpriseId: number) {
  return queryOptions({ queryKey: adminKeys.assistants(enterpriseId), queryFn: ({ signal }) => getAssistants(enterpriseId, signal) })
}

export function useAssistants(enterpriseId: number) {
  return useQuery(assistantsQueryOptions(enterpriseId))
}
