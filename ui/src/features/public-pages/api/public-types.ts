/**
 * The public lead-form calls, typed by hand: the server side is being written
 * at the same time, so these paths are not yet in the generated OpenAPI types.
 * Replace with `ApiResponse`/`ApiRequestBody` once they are.
 */

/** GET /api/public/lead-forms/{slug} → 200. */
export interface PublicLeadForm {
  slug: string
  brand: string
  title: string
  storeName: string
  /** E.164, e.g. +15552010000. */
  storePhoneNumber: string
  /** Shown verbatim by the submit button and sent back unchanged. */
  consentText: string
  /** A CSS hex colour; may be empty. */
  accentColor: string
}

/** POST /api/public/lead-submission body. */
export interface LeadSubmissionBody {
  /** The form's slug. */
  form: string
  firstName: string
  lastName: string
  /** "+1" and exactly 10 digits. */
  customerPhoneNumber: string
  /** As the form GET gave it. */
  storePhoneNumber: string
  /** Exactly the text shown. */
  consentText: string
  message?: string
  /** Honeypot: always "" from a human. */
  website: string
}

/** POST /api/public/lead-submission → 200. */
export interface LeadSubmissionResponse {
  status: 'success'
  message: string
}
