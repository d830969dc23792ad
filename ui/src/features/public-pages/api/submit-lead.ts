import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { LeadSubmissionBody, LeadSubmissionResponse } from './public-types'

/**
 * POST /api/public/lead-submission — public. Raises no notice: the form shows
 * the outcome (see `submissionFailureText`).
 */
export function submitLead(body: LeadSubmissionBody): Promise<LeadSubmissionResponse> {
  return apiRequest<LeadSubmissionResponse>('/api/public/lead-submission', { method: 'POST', body, auth: false, notifyErrors: false })
}

export function useSubmitLead() {
  return useMutation({ mutationFn: submitLead })
}
