import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { GatewayBody } from './admin-types'

/** PUT /api/messaging/gateway — a store's gateway. Raises no notice: the form shows the refusal. */
export function saveGateway(body: GatewayBody): Promise<unknown> {
  return apiRequest<unknown>('/api/messaging/gateway', { method: 'PUT', body, notifyErrors: false })
}

/** Saves; the store's gateway is fetched again. */
export function useSaveGateway() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveGateway,
    onSuccess: (_saved, body) =>
      void queryClient.invalidateQueries({
        queryKey: body.storeId === undefined ? adminKeys.enterprise(body.enterpriseId) : adminKeys.gateway(body.enterpriseId, body.storeId),
      }),
  })
}
