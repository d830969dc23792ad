/** Changes to leads already in the cached lists, without fetching them again. */
import type { QueryClient } from '@tanstack/react-query'
import type { LeadPage, LeadRow } from './get-leads'
import { leadKeys } from './lead-keys'

/** `page` with `patch` applied to the row of `leadId`; the same object when the page does not show it. */
export function patchLeadInPage(page: LeadPage | undefined, leadId: number, patch: (row: LeadRow) => LeadRow): LeadPage | undefined {
  if (!page || !page.content.some((row) => row.id === leadId)) return page
  return { ...page, content: page.content.map((row) => (row.id === leadId ? patch(row) : row)) }
}

/** Applies `patch` to the lead's row in every cached list page. */
export function patchLeadRows(queryClient: QueryClient, leadId: number, patch: (row: LeadRow) => LeadRow): void {
  queryClient.setQueriesData<LeadPage>({ queryKey: leadKeys.lists() }, (page) => patchLeadInPage(page, leadId, patch))
}
