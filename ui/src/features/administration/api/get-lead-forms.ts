import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { LeadForm } from './admin-types'

/** GET /api/lead-forms — the brand lead forms: the caller's enterprise's (the platform sees every form). */
export function getLeadForms(signal?: AbortSignal): Promise<LeadForm[]> {
  return apiRequest<LeadForm[]>('/api/lead-forms', { signal })
}

/**
 * The enterprise's forms. Kept under the enterprise's key so that a change to
 * its stores (a name, a number, a deactivation) fetches them again; the
 * platform, which is sent every form, sees the picked enterprise's.
 */
export function leadFormsQueryOptions(enterpriseId: number) {
  return queryOptions({
    queryKey: adminKeys.leadForms(enterpriseId),
    queryFn: async ({ signal }) => (await getLeadForms(signal)).filter((form) => form.enterpriseId === enterpriseId),
  })
}

export function useLeadForms(enterpriseId: number) {
  return useQuery(leadFormsQueryOptions(enterpriseId))
}
