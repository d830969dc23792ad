import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { reportKeys } from './report-keys'

type ZoneRuns = ApiResponse<'/api/store/brands-timezone', 'get'>[number]

const NO_ZONES: ReadonlyMap<number, string> = new Map()

/**
 * GET /api/store/brands-timezone — the caller's stores grouped by time zone;
 * here only store id → IANA zone. Quiet on failure (the browser's zone is used instead).
 */
export function getStoreZones(signal?: AbortSignal): Promise<ZoneRuns[]> {
  return apiRequest<ZoneRuns[]>('/api/store/brands-timezone', { signal, notifyErrors: false })
}

export function storeZonesQueryOptions() {
  return queryOptions({
    queryKey: reportKeys.storeZones(),
    queryFn: ({ signal }) => getStoreZones(signal),
    select: (zones): ReadonlyMap<number, string> => new Map(zones.flatMap((z) => z.brands.map((b) => [b.storeId, z.timeZone] as const))),
    staleTime: 10 * 60_000,
    retry: false,
  })
}

/** Store id → its IANA zone (empty until known, or when it cannot be known). */
export function useStoreZones({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...storeZonesQueryOptions(), enabled })
  return { zones: query.data ?? NO_ZONES, isPending: enabled && query.isPending }
}
