import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import type { InConversation } from './conversation-mutation'
import { refreshLeadAppointments } from './refresh-lead-appointments'

const PATH = '/api/cancellations'

export type CancellationBody = ApiRequestBody<typeof PATH, 'post'>
export type CancellationAnswer = ApiResponse<typeof PATH, 'post'>

/** The spec's wording (sic). */
export const APPOINTMENT_CANCELLED_TEXT = 'Successfully Deleted Appoinntment'

export interface CancelAppointmentInput extends InConversation {
  appointmentId: number
}

/**
 * POST /api/cancellations?fid= `{appointmentId}` — cancels one of the lead's appointments as the
 * board does (slot given back, invite withdrawn, dealer system told). 400 when none stands, 404
 * when it is not the lead's (shown by the API client).
 */
export function cancelAppointment({ leadId, appointmentId }: CancelAppointmentInput): Promise<CancellationAnswer> {
  const body: CancellationBody = { appointmentId }
  return apiRequest<CancellationAnswer>(PATH, { method: 'POST', query: { fid: leadId }, body })
}

/** The cancellation with the server's message as a success notice; the lead's appointments are fetched again. */
export function useCancelAppointment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: (answer, { leadId }) => {
      notify({ message: answer?.message || APPOINTMENT_CANCELLED_TEXT })
      refreshLeadAppointments(queryClient, leadId)
    },
  })
}
