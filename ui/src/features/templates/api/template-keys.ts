/** Query keys of the message templates; everything under `['templates']`. */
export const templateKeys = {
  all: ['templates'] as const,
  /** Both lists (Personal and Group), whatever the filters: what a save or a delete reloads. */
  lists: () => ['templates', 'list'] as const,
  personal: (serviceType: string, search: string) => ['templates', 'list', 'my', serviceType, search] as const,
  group: (enterpriseId: number, serviceType: string, search: string) =>
    ['templates', 'list', 'all', enterpriseId, serviceType, search] as const,
  /** The editor's live preview of a body being written, filled for a lead. */
  preview: (leadId: number, body: string) => ['templates', 'preview', leadId, body] as const,
}
