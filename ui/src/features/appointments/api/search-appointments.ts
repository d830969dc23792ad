import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { appointmentKeys } from './appointment-keys'

const PATH = '/api/appointment/search'

/** `storeIds`, `startDate`/`endDate` (inclusive days), `statuses`, `query` (name, mobile digits, VIN or title), `page`, `size`. */
export type AppointmentSearchBody = NonNullable<ApiRequestBody<typeof PATH, 'post'>>
export type AppointmentSearchPage = ApiResponse<typeof PATH, 'post'>

/** POST /api/appointment/search — appointments in the caller's stores, soonest first, a page at a time. */
export function searchAppointments(body: AppointmentSearchBody, signal?: AbortSignal): Promise<AppointmentSearchPage> {
  return apiRequest<AppointmentSearchPage>(PATH, { method: 'POST', body, signal })
}

export function appointmentSearchQueryOptions(body: AppointmentSearchBody) {
  return queryOptions({
    queryKey: appointmentKeys.search(body),
    queryFn: ({ signal }) => searchAppointments(body, signal),
    placeholderData: keepPreviousData,
  })
}

export function useAppointmentSearch(body: AppointmentSearchBody, enabled = true) {
  return useQuery({ ...appointmentSearchQueryOptions(body), enabled })
}
