import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { importKeys } from './import-keys'

export type Schedule = ApiResponse<'/api/data-sync/scheduler/api-name/{enterpriseId}', 'get'>[number]

/** GET /api/data-sync/scheduler/api-name/{enterpriseId}?storeIdFk= — an enterprise's schedules (of every job), optionally one store's. */
export function getSchedules(enterpriseId: number, storeId: number | undefined, signal?: AbortSignal): Promise<Schedule[]> {
  return apiRequest<Schedule[]>(`/api/data-sync/scheduler/api-name/${encodeURIComponent(enterpriseId)}`, {
    query: { storeIdFk: storeId },
    signal,
  })
}

export function schedulesQueryOptions(enterpriseId: number, storeId: number | undefined) {
  return queryOptions({
    queryKey: importKeys.scheduleList(enterpriseId, storeId),
    queryFn: ({ signal }) => getSchedules(enterpriseId, storeId, signal),
  })
}

export function useSchedules(enterpriseId: number, storeId: number | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({ ...schedulesQueryOptions(enterpriseId, storeId), enabled: options.enabled ?? true })
}
