import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { Assistant, AssistantBody } from './admin-types'

export interface CreateAssistantInput {
  enterpriseId: number
  body: AssistantBody
}

/**
 * POST /api/assistant — gives a store an assistant (one per division, DIV004 when
 * none is named; 409 when the store has one). Raises no notice: the form shows the refusal.
 */
export function createAssistant({ enterpriseId, body }: CreateAssistantInput): Promise<Assistant> {
  return apiRequest<Assistant>('/api/assistant', { method: 'POST', body, enterpriseId, notifyErrors: false })
}

/** Creates; the enterprise's lists and audit log are fetched again. */
export function useCreateAssistant() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAssistant,
    onSuccess: (_created, input) => void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(input.enterpriseId) }),
  })
}
