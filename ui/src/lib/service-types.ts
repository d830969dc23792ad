/**
 * Service type codes (`OIL_CHANGE`, `SVC_7500`, `FIRST_SERVICE_GMC`). Which
 * codes there are is the server's to say: `GET /api/customTemplate/catalogue`
 * lists them (`serviceTypes`, read with `useTemplateCatalogue`); the UI keeps
 * no list of its own, only the shape of a code, to read links.
 */

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
