import type { QueryClient } from '@tanstack/react-query'
import { conversationKeys } from './conversation-keys'

/**
 * After a booking or cancellation from a conversation: its messages (the confirmation or offer
 * texted), the lead (appointment flag), its standing appointments, free times and the store's
 * matching appointments are fetched again. The lead manager's rows follow the server's live
 * APPOINTMENT_BOOKED / lead.counts events.
 */
export function refreshLeadAppointments(queryClient: QueryClient, leadId: number): void {
  for (const queryKey of [
    conversationKeys.history(leadId),
    conversationKeys.lead(leadId),
    conversationKeys.bookedAppointments(leadId),
    conversationKeys.freeTimesOf(leadId),
    conversationKeys.appointmentSearches(),
  ]) {
    void queryClient.invalidateQueries({ queryKey })
  }
}
