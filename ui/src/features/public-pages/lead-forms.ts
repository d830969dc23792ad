/**
 * The public lead forms: one route per slug, the slug being the whole route
 * name (`/lead-submission-toyota` → `lead-submission-toyota`).
 */
import { ApiError } from '../../lib/api-client'

export const LEAD_FORM_SLUGS = [
  'lead-submission',
  'lead-submission-toyota',
  'lead-submission-ford',
  'lead-submission-nissan',
  'lead-submission-subaru',
  'lead-submission-mazda',
  'lead-submission-yarkcjdr',
  'lead-submission-bmw',
  'lead-submission-bergestorm',
  'lead-submission-chevrolet',
] as const

export type LeadFormSlug = (typeof LEAD_FORM_SLUGS)[number]

/** Each form's accent when the server gives none (dark enough for white button text). */
const DEFAULT_ACCENTS: Record<LeadFormSlug, string> = {
  'lead-submission': '#1d4ed8',
  'lead-submission-toyota': '#c8102e',
  'lead-submission-ford': '#003478',
  'lead-submission-nissan': '#c3002f',
  'lead-submission-subaru': '#013c74',
  'lead-submission-mazda': '#910a2d',
  // Chrysler / Dodge / Jeep / Ram / Fiat
  'lead-submission-yarkcjdr': '#1f2a44',
  'lead-submission-bmw': '#1c69d4',
  'lead-submission-bergestorm': '#0f5e5a',
  'lead-submission-chevrolet': '#8a5a00',
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

/** The server's accent when it is a CSS hex colour, else the form's default. */
export function accentFor(slug: LeadFormSlug, accentColor: string | null | undefined): string {
  const given = accentColor?.trim() ?? ''
  return HEX_COLOUR.test(given) ? given : DEFAULT_ACCENTS[slug]
}

export const LEAD_FAILED_TEXT = 'Lead Failed to Submit.'

/**
 * What the form says when a submission failed: the server's words for a
 * refusal it explained (400 validation, 409 consent changed, 429 rate limited),
 * else 'Lead Failed to Submit.' (413, 5xx, no answer).
 */
export function submissionFailureText(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 429)) {
    const text = error.body?.errors?.find((e) => e.trim() !== '') ?? error.body?.message
    if (text && text.trim() !== '') return text
  }
  return LEAD_FAILED_TEXT
}
