import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { conversationKeys } from './conversation-keys'

const PATH = '/api/booked-appts'

export type BookedAppointment = ApiResponse<typeof PATH, 'get'>[number]

/** GET /api/booked-appts?future-service-interaction-id= — the lead's appointments that still stand, soonest first. */
export function getBookedAppointments(leadId: number, signal?: AbortSignal): Promise<BookedAppointment[]> {
  return apiRequest<BookedAppointment[]>(PATH, { query: { 'future-service-interaction-id': leadId }, signal })
}

export function bookedAppointmentsQueryOptions(leadId: number) {
  return queryOptions({
    queryKey: conversationKeys.bookedAppointments(leadId),
    queryFn: ({ signal }) => getBookedAppointments(leadId, signal),
  })
}

export function useBookedAppointments(leadId: number) {
  return useQuery(bookedAppointmentsQueryOptions(leadId))
}
