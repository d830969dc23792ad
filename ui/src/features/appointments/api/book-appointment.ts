import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { appointmentKeys } from './appointment-keys'

const PATH = '/api/appointment'

export type AppointmentDraft = ApiRequestBody<typeof PATH, 'post'>
export type BookingAnswer = ApiResponse<typeof PATH, 'post'>
export type BookedAppointment = BookingAnswer['appointment']

/**
 * POST /api/appointment — books a service appointment in a free quarter hour
 * for a lead (`futureServiceInteractionId`) or a customer of the store
 * (`customerId` + `storeId`); with `apptId` it moves that appointment there.
 * A full slot is a 409 and a closed, past or off-quarter time a 400, each with
 * the server's message: no notice is raised, the editor shows it.
 */
export function bookAppointment(body: AppointmentDraft): Promise<BookingAnswer> {
  return apiRequest<BookingAnswer>(PATH, { method: 'POST', body, notifyErrors: false })
}

/** Books (or moves); afterwards the day lists, free slots and searches are fetched again. */
export function useBookAppointment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bookAppointment,
    onSettled: () => {
      // A refusal also means the slots shown were out of date.
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilities() })
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.days() })
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.searches() })
    },
  })
}
