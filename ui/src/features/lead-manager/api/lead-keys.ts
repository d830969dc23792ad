import type { LeadListQuery } from '../lead-search'

/** Query keys of the lead manager; everything under `['leads']`. */
export const leadKeys = {
  all: ['leads'] as const,
  lists: () => ['leads', 'list'] as const,
  list: (query: LeadListQuery) => ['leads', 'list', query] as const,
}
