import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiRequest } from '../../../lib/api-client'
import type { PublicLeadForm } from './public-types'

export const leadFormKeys = {
  form: (slug: string) => ['public', 'lead-form', slug] as const,
}

/**
 * GET /api/public/lead-forms/{slug} — public. Raises no notice: the page
 * shows "not available" for a 404 and its own words for anything else.
 */
export function getLeadForm(slug: string, signal?: AbortSignal): Promise<PublicLeadForm> {
  return apiRequest<PublicLeadForm>(`/api/public/lead-forms/${encodeURIComponent(slug)}`, { auth: false, notifyErrors: false, signal })
}

export function leadFormQueryOptions(slug: string) {
  return queryOptions({
    queryKey: leadFormKeys.form(slug),
    queryFn: ({ signal }) => getLeadForm(slug, signal),
    staleTime: 5 * 60_000,
    // A form that is missing or switched off stays so; a lost connection may come back.
    retry: (failures, error) => failures < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
  })
}

export function useLeadForm(slug: string) {
  return useQuery(leadFormQueryOptions(slug))
}
