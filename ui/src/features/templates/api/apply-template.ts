import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { warnTemplateFailure } from './template-errors'
import { templateKeys } from './template-keys'

const PATH = '/api/customTemplate/apply'

export type ApplyTemplateBody = ApiRequestBody<typeof PATH, 'post'>
/**
 * A template filled for a lead: `text` (what an SMS sends), `editorBody` (the
 * body with newlines), and the `missingFields` the lead has no value for (they
 * stay as placeholders, which the server refuses to send).
 */
export type RenderedTemplate = ApiResponse<typeof PATH, 'post'>

/**
 * POST /api/customTemplate/apply — {futureServiceInteractionId, templateId} (a
 * saved template) or {futureServiceInteractionId, body} (a body being written).
 * An unknown field is a 400 naming it. Failures raise no notice: the caller
 * says how to show them.
 */
export function applyTemplate(body: ApplyTemplateBody, signal?: AbortSignal): Promise<RenderedTemplate> {
  return apiRequest<RenderedTemplate>(PATH, { method: 'POST', body, signal, notifyErrors: false })
}

/** Applying a saved template for the open lead (the panel's Apply); a failure warns. */
export function useApplyTemplate() {
  return useMutation({
    mutationFn: ({ leadId, templateId }: { leadId: number; templateId: number }) =>
      applyTemplate({ futureServiceInteractionId: leadId, templateId }),
    onError: warnTemplateFailure,
  })
}

export function templatePreviewQueryOptions(leadId: number, body: string) {
  return queryOptions({
    queryKey: templateKeys.preview(leadId, body),
    queryFn: ({ signal }) => applyTemplate({ futureServiceInteractionId: leadId, body }, signal),
    // A 400 (an unknown field) is an answer, not a hiccup.
    retry: false,
    staleTime: 30_000,
    gcTime: 60_000,
  })
}

/**
 * The editor's live preview: `body` filled for the lead (pass it debounced).
 * Keeps showing the last preview while the next one loads. Nothing is asked
 * for an empty body.
 */
export function useTemplatePreview(leadId: number | undefined, body: string) {
  return useQuery({
    ...templatePreviewQueryOptions(leadId ?? 0, body),
    enabled: leadId !== undefined && body.trim() !== '',
    placeholderData: keepPreviousData,
  })
}
