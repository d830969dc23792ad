import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { conversationKeys } from './conversation-keys'

const PATH = '/api/lisa/inbound/vehicleDetails'

export type InboundVehicleBody = ApiRequestBody<typeof PATH, 'post'>
export type InboundVehicleResult = ApiResponse<typeof PATH, 'post'>

export const VEHICLE_ADDED_TEXT = 'Vehicle added to the lead'
export const VEHICLE_LINKED_TEXT = 'Vehicle linked to the lead'

/**
 * POST /api/lisa/inbound/vehicleDetails — the vehicle an inbound lead (a web
 * form's, say) is about: found by VIN or added (make, model and year needed
 * then), given to the lead's customer and set on the lead with its odometer.
 * Failures raise no notice: the dialog shows the server's problems itself.
 */
export function addInboundVehicle(body: InboundVehicleBody): Promise<InboundVehicleResult> {
  return apiRequest<InboundVehicleResult>(PATH, { method: 'POST', body, notifyErrors: false })
}

/** The call, with a success notice saying whether the vehicle was added or an existing one linked; the lead is fetched again. */
export function useAddInboundVehicle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addInboundVehicle,
    onSuccess: (result, { futureServiceInteractionId }) => {
      notify({ type: 'success', message: result.created ? VEHICLE_ADDED_TEXT : VEHICLE_LINKED_TEXT })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lead(futureServiceInteractionId) })
    },
  })
}
