/** Query keys of the conversations (chat boxes); everything under `['conversations']`. */
export const conversationKeys = {
  all: ['conversations'] as const,
  histories: () => ['conversations', 'history'] as const,
  history: (leadId: number) => ['conversations', 'history', leadId] as const,
  leads: () => ['conversations', 'lead'] as const,
  lead: (leadId: number) => ['conversations', 'lead', leadId] as const,
}
