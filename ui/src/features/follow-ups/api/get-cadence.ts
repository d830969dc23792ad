import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { followUpKeys } from './follow-up-keys'

export type Cadence = ApiResponse<'/api/follow-up/cadence', 'get'>
export type CadenceStep = Cadence['steps'][number]

/** GET /api/follow-up/cadence?storeId= — the store's nine steps (its own where it changed them). */
export function getCadence(storeId: number, signal?: AbortSignal): Promise<Cadence> {
  return apiRequest<Cadence>('/api/follow-up/cadence', { query: { storeId }, signal })
}

export function cadenceQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: followUpKeys.cadence(storeId),
    queryFn: ({ signal }) => getCadence(storeId, signal),
  })
}

export function useCadence(storeId: number | undefined) {
  return useQuery({ ...cadenceQueryOptions(storeId ?? 0), enabled: storeId !== undefined })
}
