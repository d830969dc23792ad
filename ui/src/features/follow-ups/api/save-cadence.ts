import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { followUpKeys } from './follow-up-keys'

export type CadenceChange = ApiRequestBody<'/api/follow-up/cadence', 'put'>
export type SavedCadence = ApiResponse<'/api/follow-up/cadence', 'put'>

export interface SaveCadenceInput {
  storeId: number
  change: CadenceChange
}

/**
 * PUT /api/follow-up/cadence?storeId= — changes the steps it names (manager roles).
 * Raises no notice: the editor lists a 400's problems and explains a 403 in place.
 */
export function saveCadence({ storeId, change }: SaveCadenceInput): Promise<SavedCadence> {
  return apiRequest<SavedCadence>('/api/follow-up/cadence', { method: 'PUT', query: { storeId }, body: change, notifyErrors: false })
}

/** Saves; the answer (the whole cadence) replaces the cached one, and the runs' counts are fetched again. */
export function useSaveCadence() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveCadence,
    onSuccess: (saved) => {
      queryClient.setQueryData(followUpKeys.cadence(saved.storeId), saved)
      void queryClient.invalidateQueries({ queryKey: followUpKeys.zoneRuns() })
    },
  })
}
