import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { IN_HOUSE_REFRESH_MS, isInHouse } from '../appointment-model'
import { appointmentKeys } from './appointment-keys'

export type StoreDayAppointments = ApiResponse<'/api/getAppointmentByStoreIdAndDate/{store}/{date}', 'get'>
export type Appointment = StoreDayAppointments[number]

/**
 * GET /api/getAppointmentByStoreIdAndDate/{store}/{date} — a store's
 * appointments of a day (YYYY-MM-DD), soonest first, each tagged `Appt`.
 */
export function getStoreDayAppointments(storeId: number, date: string, signal?: AbortSignal): Promise<StoreDayAppointments> {
  return apiRequest<StoreDayAppointments>(
    `/api/getAppointmentByStoreIdAndDate/${encodeURIComponent(storeId)}/${encodeURIComponent(date)}`,
    { signal },
  )
}

export function storeDayAppointmentsQueryOptions(storeId: number, date: string) {
  return queryOptions({
    queryKey: appointmentKeys.day(storeId, date),
    queryFn: ({ signal }) => getStoreDayAppointments(storeId, date, signal),
  })
}

/** The day's list; fetched again about once a minute while a customer of it is in house (their minutes move). */
export function useStoreDayAppointments(storeId: number | undefined, date: string) {
  return useQuery({
    ...storeDayAppointmentsQueryOptions(storeId ?? 0, date),
    enabled: storeId !== undefined,
    refetchInterval: (query) => (query.state.data?.some(isInHouse) ? IN_HOUSE_REFRESH_MS : false),
  })
}
