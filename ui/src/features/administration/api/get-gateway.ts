import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { GatewayView } from './admin-types'

/** GET /api/messaging/gateway?storeId= — the gateway a store texts through; the secret is never returned. */
export function getGateway(enterpriseId: number, storeId: number, signal?: AbortSignal): Promise<GatewayView> {
  return apiRequest<GatewayView>('/api/messaging/gateway', { query: { storeId }, enterpriseId, signal })
}

export function gatewayQueryOptions(enterpriseId: number, storeId: number) {
  return queryOptions({ queryKey: adminKeys.gateway(enterpriseId, storeId), queryFn: ({ signal }) => getGateway(enterpriseId, storeId, signal) })
}

export function useGateway(enterpriseId: number, storeId: number) {
  return useQuery(gatewayQueryOptions(enterpriseId, storeId))
}
