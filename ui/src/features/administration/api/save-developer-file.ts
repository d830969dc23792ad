import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { DeveloperFile, DeveloperFileBody } from './admin-types'

export interface SaveDeveloperFileInput {
  enterpriseId: number
  /** For an assistant file, `version` is the one opened: a newer one saved meanwhile is a 409. */
  body: DeveloperFileBody
}

/**
 * PUT /aiva/developer/file — saves an assistant or template file; a bad
 * assistant file is a 400 listing every line's problem. Raises no notice: the
 * caller shows the refusal.
 */
export function saveDeveloperFile({ enterpriseId, body }: SaveDeveloperFileInput): Promise<DeveloperFile> {
  return apiRequest<DeveloperFile>('/aiva/developer/file', { method: 'PUT', body, enterpriseId, notifyErrors: false })
}

/** Saves; the enterprise's files, logs and audit log are fetched again. */
export function useSaveDeveloperFile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveDeveloperFile,
    onSuccess: (_saved, input) => void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(input.enterpriseId) }),
  })
}
