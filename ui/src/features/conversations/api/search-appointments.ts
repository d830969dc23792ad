import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { conversationKeys } from './conversation-keys'

const PATH = '/api/service-appointment/search-by-appt-date-and-query'

export type AppointmentSearchBody = ApiRequestBody<typeof PATH, 'post'>
export type AppointmentPage = ApiResponse<typeof PATH, 'post'>
export type Appointment = AppointmentPage['content'][number]

/** How many appointments the selection menu's search lists (soonest first). */
export const APPOINTMENT_SEARCH_SIZE = 50

/** The selection menu's Appointment Search: the selected text, in the conversation's store (all the caller's stores when unknown). */
export interface AppointmentSearchInput {
  query: string
  storeId?: number
}

/**
 * POST /api/service-appointment/search-by-appt-date-and-query — appointments
 * whose customer name, mobile, VIN or title match `query`. Failures are not
 * raised as notices: the search dialog shows them.
 */
export function searchAppointments(body: AppointmentSearchBody, signal?: AbortSignal): Promise<AppointmentPage> {
  return apiRequest<AppointmentPage>(PATH, { method: 'POST', body, signal, notifyErrors: false })
}

export function appointmentSearchQueryOptions({ query, storeId }: AppointmentSearchInput) {
  return queryOptions({
    queryKey: conversationKeys.appointmentSearch(storeId, query),
    queryFn: ({ signal }) =>
      searchAppointments(
        { query, storeIds: storeId === undefined ? undefined : [storeId], page: 0, size: APPOINTMENT_SEARCH_SIZE },
        signal,
      ),
  })
}

export function useAppointmentSearch(input: AppointmentSearchInput) {
  return useQuery(appointmentSearchQueryOptions(input))
}
