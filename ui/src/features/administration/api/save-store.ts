import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { AdminStore, StoreBody } from './admin-types'
import { enterprisePath } from './enterprise-path'
import { storeChanged } from './store-cache'

export interface SaveStoreInput {
  enterpriseId: number
  /** Absent for a new store. */
  storeId?: number
  body: StoreBody
}

/**
 * POST /api/enterprise/{enterpriseId}/store, or PUT …/store/{storeId} (tenant admins).
 * Raises no notice: the form lists a 400's problems.
 */
export function saveStore({ enterpriseId, storeId, body }: SaveStoreInput): Promise<AdminStore> {
  const path = storeId === undefined ? enterprisePath(enterpriseId, '/store') : enterprisePath(enterpriseId, `/store/${encodeURIComponent(storeId)}`)
  return apiRequest<AdminStore>(path, { method: storeId === undefined ? 'POST' : 'PUT', body, notifyErrors: false })
}

export function useSaveStore() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: saveStore, onSuccess: (store) => storeChanged(queryClient, store.enterpriseId) })
}
