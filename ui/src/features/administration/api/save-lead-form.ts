import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { LeadForm, LeadFormBody } from './admin-types'

export interface SaveLeadFormInput {
  slug: string
  body: LeadFormBody
}

/**
 * PUT /api/lead-forms/{slug} — points a form at a store and sets what it shows
 * (tenant admins). Raises no notice: the form shows the refusal.
 */
export function saveLeadForm({ slug, body }: SaveLeadFormInput): Promise<LeadForm> {
  return apiRequest<LeadForm>(`/api/lead-forms/${encodeURIComponent(slug)}`, { method: 'PUT', body, notifyErrors: false })
}

/** Saves; the enterprise's admin lists (the forms and the audit log) are fetched again. */
export function useSaveLeadForm() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveLeadForm,
    onSuccess: (form) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(form.enterpriseId) })
    },
  })
}
