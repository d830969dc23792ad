import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { conversationKeys } from './conversation-keys'
import type { InConversation } from './conversation-mutation'

const PATH = '/api/future-service-interaction/vehicle-mileage'

export type VehicleMileageBody = ApiRequestBody<typeof PATH, 'put'>
export type VehicleMileageResult = ApiResponse<typeof PATH, 'put'>

export const VEHICLE_MILEAGE_UPDATED_TEXT = 'Successfully Updated'

/** A VMR update of the lead's vehicle, with the text as staff selected it in a message. */
export interface VehicleMileageInput extends InConversation {
  /** The mileage as written: "45,300", "45k". */
  lastMileage?: string
  /** The minder reading: "A1", "B12", "15%". */
  minder?: string
  /** YYYY-MM-DD or DD.MM.YYYY. */
  lastServiceDate?: string
}

/**
 * PUT /api/future-service-interaction/vehicle-mileage — the spec's VMR Update
 * (section 5). 400 when the text is not a mileage / minder reading or the lead
 * has no vehicle (shown by the API client with the server's message).
 */
export function updateVehicleMileage({ leadId, lastMileage, minder, lastServiceDate }: VehicleMileageInput): Promise<VehicleMileageResult> {
  const body: VehicleMileageBody = {
    future_service_interaction_id: leadId,
    last_mileage: lastMileage,
    minder,
    last_service_date: lastServiceDate,
  }
  return apiRequest<VehicleMileageResult>(PATH, { method: 'PUT', body })
}

/** The update, with the server's 'Successfully Updated' as a success notice; the lead (and its vehicle) is fetched again. */
export function useUpdateVehicleMileage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateVehicleMileage,
    onSuccess: (result, { leadId }) => {
      notify({ type: 'success', message: result?.message || VEHICLE_MILEAGE_UPDATED_TEXT })
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lead(leadId) })
    },
  })
}
