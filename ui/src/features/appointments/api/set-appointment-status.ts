import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { AppointmentStatus } from '../appointment-model'
import { appointmentKeys } from './appointment-keys'

export type StatusAnswer = ApiResponse<'/api/appointment/{id}/status/{status}', 'put'>

export interface SetAppointmentStatusInput {
  appointmentId: number
  status: AppointmentStatus
}

/**
 * PUT /api/appointment/{id}/status/{status} — moves an appointment to a status
 * the set allows from its own; answers 'Successfully Updated'. A move the set
 * does not allow is a 400 naming the allowed ones: no notice is raised, the
 * caller shows the message.
 */
export function setAppointmentStatus({ appointmentId, status }: SetAppointmentStatusInput): Promise<StatusAnswer> {
  return apiRequest<StatusAnswer>(`/api/appointment/${encodeURIComponent(appointmentId)}/status/${encodeURIComponent(status)}`, {
    method: 'PUT',
    notifyErrors: false,
  })
}

/** Changes the status; the day lists and searches are fetched again, and the free slots (a cancel gives one back). */
export function useSetAppointmentStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setAppointmentStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.days() })
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.searches() })
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilities() })
    },
  })
}
