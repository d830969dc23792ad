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
  /** The selection menu's Appointment Search; `storeId` null searches all the caller's stores. */
  appointmentSearch: (storeId: number | undefined, query: string) =>
    ['conversations', 'appointment-search', storeId ?? null, query] as const,
}
