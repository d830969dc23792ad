import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { AdminStore } from './admin-types'
import { enterprisePath } from './enterprise-path'
import { storeChanged } from './store-cache'

export interface SetStoreActiveInput {
  enterpriseId: number
  storeId: number
  active: boolean
}

/** PUT /api/enterprise/{enterpriseId}/store/{storeId}/activate or /deactivate; a refusal raises the server's notice. */
export function setStoreActive({ enterpriseId, storeId, active }: SetStoreActiveInput): Promise<AdminStore> {
  return apiRequest<AdminStore>(enterprisePath(enterpriseId, `/store/${encodeURIComponent(storeId)}/${active ? 'activate' : 'deactivate'}`), {
    method: 'PUT',
  })
}

export function useSetStoreActive() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setStoreActive, onSuccess: (store) => storeChanged(queryClient, store.enterpriseId) })
}
