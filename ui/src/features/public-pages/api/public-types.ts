/** The public lead-form calls' types, from the OpenAPI document. */
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'

/** GET /api/public/lead-forms/{slug} → 200; `consentText` is shown verbatim and sent back unchanged. */
export type PublicLeadForm = ApiResponse<'/api/public/lead-forms/{slug}', 'get'>
/** POST /api/public/lead-submission body; `website` is the honeypot (always "" from a human). */
export type LeadSubmissionBody = ApiRequestBody<'/api/public/lead-submission', 'post'>
/** POST /api/public/lead-submission → 200 (`status` is `success`). */
export type LeadSubmissionResponse = ApiResponse<'/api/public/lead-submission', 'post'>
