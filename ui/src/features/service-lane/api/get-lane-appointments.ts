import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { LANE_FAILURE_TEXTS, withFailureText } from './lane-failure'
import { laneKeys } from './lane-keys'
import type { LaneAppointment } from './lane-types'

/**
 * GET /api/getAppointmentByStoreIdAndDate/{store}/{YYYY-MM-DD} — the store's
 * appointments of the day, soonest first, each tagged `Appt` (the lane's cards).
 */
export function getLaneAppointments(storeId: number, date: string, signal?: AbortSignal, notifyFailure = true): Promise<LaneAppointment[]> {
  return withFailureText(
    () =>
      apiRequest<LaneAppointment[]>(
        `/api/getAppointmentByStoreIdAndDate/${encodeURIComponent(storeId)}/${encodeURIComponent(date)}`,
        { signal, notifyErrors: false },
      ),
    LANE_FAILURE_TEXTS.appointments,
    notifyFailure,
  )
}

export function laneAppointmentsQueryOptions(storeId: number, date: string) {
  return queryOptions({
    queryKey: laneKeys.appointments(storeId, date),
    staleTime: 30_000,
    queryFn: ({ signal, client, queryKey }) => getLaneAppointments(storeId, date, signal, client.getQueryData(queryKey) === undefined),
  })
}

export function useLaneAppointments(storeId: number | undefined, date: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    ...laneAppointmentsQueryOptions(storeId ?? 0, date),
    enabled: storeId !== undefined && date !== '',
    refetchInterval: options.refetchInterval ?? false,
  })
}
