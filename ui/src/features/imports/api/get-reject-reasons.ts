import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { importKeys } from './import-keys'

/** A reason a reviewer may give for rejecting a row: the `reasonkey` and what it means. */
export type RejectReason = ApiResponse<'/api/data-sync/lead/prepaid/errorMessages', 'get'>[number]

/** GET /api/data-sync/lead/prepaid/errorMessages — the reasons for rejecting an imported row (the spec's name). */
export function getRejectReasons(signal?: AbortSignal): Promise<RejectReason[]> {
  return apiRequest<RejectReason[]>('/api/data-sync/lead/prepaid/errorMessages', { signal, notifyErrors: false })
}

export function rejectReasonsQueryOptions() {
  return queryOptions({
    queryKey: importKeys.rejectReasons(),
    queryFn: ({ signal }) => getRejectReasons(signal),
    // The reasons change only with the server.
    staleTime: Infinity,
  })
}

export function useRejectReasons(options: { enabled?: boolean } = {}) {
  return useQuery({ ...rejectReasonsQueryOptions(), enabled: options.enabled ?? true })
}
