import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { Assistant, AssistantBody } from './admin-types'

export interface SaveAssistantInput {
  enterpriseId: number
  assistantId: number
  /** The whole assistant (`storeId` is ignored: an assistant keeps its store). */
  body: AssistantBody
}

/**
 * PUT /api/assistant/{assistantId} — edits an assistant or switches it (`isActive`,
 * `initializerProcessEnabled`). Raises no notice: the caller shows the refusal.
 */
export function saveAssistant({ enterpriseId, assistantId, body }: SaveAssistantInput): Promise<Assistant> {
  return apiRequest<Assistant>(`/api/assistant/${encodeURIComponent(assistantId)}`, { method: 'PUT', body, enterpriseId, notifyErrors: false })
}

/** Saves; the enterprise's lists and audit log are fetched again. */
export function useSaveAssistant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAssistant,
    onSuccess: (_saved, input) => void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(input.enterpriseId) }),
  })
}
