/**
 * Service type codes (`OIL_CHANGE`, `SVC_7500`, `FIRST_SERVICE_GMC`). Which
 * codes there are is the server's to say: `GET /api/customTemplate/catalogue`
 * lists them (`serviceTypes`, read with `useTemplateCatalogue`); the UI keeps
 * no list of its own, only the shape of a code, to read links, and how the
 * common ones read (`serviceTypeLabel`).
 */
import { enumLabel } from './text'

/** A service type code as the server writes them (`OIL_CHANGE_10K`, `FIRST_SERVICE_GMC`). */
export const SERVICE_TYPE_CODE = /^[A-Z][A-Z0-9_]{0,63}$/

export function isServiceTypeCode(value: unknown): value is string {
  return typeof value === 'string' && SERVICE_TYPE_CODE.test(value)
}

/**
 * A URL's service types (an array, or text with commas for hand-written
 * links): the well-formed codes, trimmed, distinct, in the order given;
 * undefined when none. A code the server does not list is kept (a lead may
 * carry one; the server answers for it), a malformed one is dropped.
 */
export function serviceTypeList(value: unknown): string[] | undefined {
  const items = Array.isArray(value) ? (value as unknown[]) : typeof value === 'string' ? value.split(',') : []
  const codes = [...new Set(items.map((v) => (typeof v === 'string' ? v.trim() : v)).filter(isServiceTypeCode))]
  return codes.length > 0 ? codes : undefined
}

/**
 * What a service-type filter offers: the server's list (none while it loads or
 * when it failed), then the picked codes it does not list, so that a type in
 * the URL still shows and can be unticked.
 */
export function serviceTypeChoices(listed: readonly string[] | undefined, picked: readonly string[] | undefined): string[] {
  return [...new Set([...(listed ?? []), ...(picked ?? [])])]
}

/** Templates and runs for every service type without one of its own. */
export const ALL_SERVICE_TYPES = 'ALL'

const SERVICE_TYPE_LABELS: Record<string, string> = {
  OIL_CHANGE: 'Oil change (5K)',
  SVC_7500: '7,500-mile service',
  CHECK_UP: 'Check-up (90 days)',
  CHECK_UP_30D: 'Check-up (30 days)',
  STATE_INSPECTION: 'State inspection',
  OIL_CHANGE_POST_30_MONTHS: 'Oil change (30+ months)',
  [ALL_SERVICE_TYPES]: 'All service types',
}

/** `OIL_CHANGE` → `Oil change (5K)`; other codes as words (`FIRST_SERVICE` → `First service`). */
export function serviceTypeLabel(code: string | null | undefined): string {
  if (!code) return ''
  return SERVICE_TYPE_LABELS[code] ?? enumLabel(code)
}
