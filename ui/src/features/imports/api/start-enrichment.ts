import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { enrichmentPath } from '../import-review'

/** 202: the `imports.enrich` run is queued ('Processing has been started successfully'). */
export type EnrichmentStarted = ApiResponse<'/api/data-sync/perform/enrichment', 'post', 202>

export interface StartEnrichmentInput {
  reportId: number
  /** The file's type: FEA files have their own call. */
  fileType: string
}

/**
 * POST /api/data-sync/perform/enrichment?file_report_id= (recall and prepaid files) or
 * POST /api/data-sync/fea/perform/enrichment?file_report_id= (FEA files) — the file's rows that
 * found no customer, or no textable one, are matched again in an `imports.enrich` run.
 * Errors raise no notice here: the review shows a refusal's reason in place.
 */
export function startEnrichment({ reportId, fileType }: StartEnrichmentInput): Promise<EnrichmentStarted> {
  const path = enrichmentPath(fileType)
  if (!path) return Promise.reject(new Error(`A ${fileType} file is not matched again`))
  return apiRequest<EnrichmentStarted>(path, { method: 'POST', query: { file_report_id: reportId }, notifyErrors: false })
}

export function useStartEnrichment() {
  return useMutation({ mutationFn: startEnrichment })
}
