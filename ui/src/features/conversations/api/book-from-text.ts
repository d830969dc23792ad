import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { notify, type NoticeInput } from '../../../lib/notices'
import type { InConversation } from './conversation-mutation'
import { refreshLeadAppointments } from './refresh-lead-appointments'

const PATH = '/api/nlp/booking'
const INBOUND_PATH = '/api/inb-nlp/booking'

export type TextBookingBody = ApiRequestBody<typeof PATH, 'post'>
/** `{message, code: 'SUCCESS' | 'FAILURE', text, appointmentId?}`; `text` is what the customer was texted (or why nothing was). */
export type TextBookingAnswer = ApiResponse<typeof PATH, 'post'>

export const APPOINTMENT_BOOKED_TEXT = 'Appointment booked Successfully'
export const APPOINTMENT_NOT_BOOKED_TEXT = 'Appointment not booked'

/** Only SUCCESS is a booking; FAILURE (or anything else) is not. */
export function isBooked(code: string): boolean {
  return code.trim().toUpperCase() === 'SUCCESS'
}

/**
 * The notice for a booking's answer (B-R5, I-R11): titled with the outcome ('Appointment booked
 * Successfully', or 'Appointment not booked' when the code is FAILURE) over the returned text; a
 * warning when the text starts with 'Unfortunately' or nothing was booked, else a success.
 */
export function bookingNotice({ code, text }: Pick<TextBookingAnswer, 'code' | 'text'>): NoticeInput {
  const booked = isBooked(code)
  const detail = text.trim()
  const type = booked && !detail.startsWith('Unfortunately') ? 'success' : 'warning'
  const outcome = booked ? APPOINTMENT_BOOKED_TEXT : APPOINTMENT_NOT_BOOKED_TEXT
  return detail ? { type, title: outcome, message: detail } : { type, message: outcome }
}

export interface BookFromTextInput extends InConversation {
  /** The text staff selected; the day and time it names are booked. */
  text: string
  /** An inbound conversation books through inb-nlp. The lead data does not say yet, so callers leave it off. */
  inbound?: boolean
}

/**
 * POST /api/nlp/booking (or /api/inb-nlp/booking)?future-service-interaction-id= `{text}` — books
 * the day and time the text names as the assistant does, confirming it to the customer by text;
 * when that time is taken the nearest free times are texted instead (code FAILURE). A text with
 * no time, or a lead already booked, is a FAILURE that sends nothing.
 */
export function bookFromText({ leadId, text, inbound = false }: BookFromTextInput): Promise<TextBookingAnswer> {
  const body: TextBookingBody = { text }
  return apiRequest<TextBookingAnswer>(inbound ? INBOUND_PATH : PATH, {
    method: 'POST',
    query: { 'future-service-interaction-id': leadId },
    body,
  })
}

/** The booking, its outcome as a notice (B-R5, I-R11); the conversation and the lead's appointments are fetched again. */
export function useBookFromText() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bookFromText,
    onSuccess: (answer, { leadId }) => {
      notify(bookingNotice(answer))
      refreshLeadAppointments(queryClient, leadId)
    },
  })
}
