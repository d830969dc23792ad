import { apiRequest } from '../../../lib/api-client'
import type { ApiQuery, ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { useConversationMutation, type InConversation } from './conversation-mutation'

const PATH = '/api/future-service-interaction/workflow/inbound-appointment'

/** The OpenAPI enum `InboundAppointment`: what the assistant found about an appointment request. */
export type InboundAppointment = ApiQuery<typeof PATH, 'post'>['parameter']
export type InboundAppointmentResult = ApiResponse<typeof PATH, 'post'>

/**
 * The nine values in the specification's order (M§4 L113), with their labels for people. The keys
 * are the server's enum, so a value added there fails the type check until it is named here.
 */
export const INBOUND_APPOINTMENTS: Record<InboundAppointment, string> = {
  DETECTED_AUTO: 'Vehicle detected',
  CUSTOMER_SAY_NO: 'Customer said no',
  CUSTOMER_SAY_NO_AND_DETECTED_AUTO: 'Customer said no, vehicle detected',
  CUSTOMER_SAY_YES: 'Customer said yes',
  CUSTOMER_SAY_YES_AND_DETECTED_AUTO: 'Customer said yes, vehicle detected',
  CUSTOMER_SAY_YES_AND_DETECTED_AUTO_AND_DETECTED_SVC: 'Customer said yes, vehicle and service detected',
  SERVICE_AND_MILEAGE_DETECTED: 'Service and mileage detected',
  SERVICE_DETECTED: 'Service detected',
  DT_DETECTED: 'Date and time detected',
}

export interface RecordInboundAppointment extends InConversation {
  parameter: InboundAppointment
}

/**
 * POST workflow/inbound-appointment?future-service-interaction-id=&parameter= — the server picks
 * the track that goes with the value and records it in the conversation. A refusal (403: the view
 * is off for the caller; 400) is the caller's to show: no notice is raised.
 */
export function recordInboundAppointment({ leadId, parameter }: RecordInboundAppointment): Promise<InboundAppointmentResult> {
  return apiRequest<InboundAppointmentResult>(PATH, {
    method: 'POST',
    query: { 'future-service-interaction-id': leadId, parameter },
    notifyErrors: false,
  })
}

/** 'Successfully Updated'; the conversation and the lead are fetched again (a yes hands the conversation to staff). */
export function useRecordInboundAppointment() {
  return useConversationMutation(recordInboundAppointment, UPDATED_NOTICE_TEXT, { refetchLead: true })
}
