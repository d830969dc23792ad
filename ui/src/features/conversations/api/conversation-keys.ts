/** Query keys of the conversations (chat boxes); everything under `['conversations']`. */
export const conversationKeys = {
  all: ['conversations'] as const,
  histories: () => ['conversations', 'history'] as const,
  history: (leadId: number) => ['conversations', 'history', leadId] as const,
  leads: () => ['conversations', 'lead'] as const,
  lead: (leadId: number) => ['conversations', 'lead', leadId] as const,
  /** What the assistant understood of a customer message (Show Intents). */
  intentDetails: (leadId: number, messageId: number) => ['conversations', 'intent-details', leadId, messageId] as const,
  /** The Action Intents and Default Action Intents choices of a customer message. */
  actionIntents: (leadId: number, messageId: number) => ['conversations', 'action-intents', leadId, messageId] as const,
  /** Appointment Search: the free times near the day and time a selected text names. */
  freeTimesOf: (leadId: number) => ['conversations', 'free-times', leadId] as const,
  freeTimes: (leadId: number, text: string) => ['conversations', 'free-times', leadId, text] as const,
  /** Appointment Search: the lead's standing appointments. */
  bookedAppointments: (leadId: number) => ['conversations', 'booked-appointments', leadId] as const,
  /** Appointment Search: the store's appointments matching the selected text; `storeId` null searches all the caller's stores. */
  appointmentSearches: () => ['conversations', 'appointment-search'] as const,
  appointmentSearch: (storeId: number | undefined, query: string) =>
    ['conversations', 'appointment-search', storeId ?? null, query] as const,
}
