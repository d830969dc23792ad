import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { importKeys } from './import-keys'

export type RecallType = ApiResponse<'/api/data-sync/recalltype/fetch/all', 'get'>[number]

/** GET /api/data-sync/recalltype/fetch/all — the recall types a recall file may carry (the first is the default). */
export function getRecallTypes(signal?: AbortSignal): Promise<RecallType[]> {
  return apiRequest<RecallType[]>('/api/data-sync/recalltype/fetch/all', { signal })
}

export function recallTypesQueryOptions() {
  return queryOptions({ queryKey: importKeys.recallTypes(), queryFn: ({ signal }) => getRecallTypes(signal), staleTime: Infinity })
}

export function useRecallTypes(options: { enabled?: boolean } = {}) {
  return useQuery({ ...recallTypesQueryOptions(), enabled: options.enabled ?? true })
}
