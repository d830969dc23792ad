/**
 * Service types on the Reports screens. The filter offers the server's list
 * (the template catalogue's, `useTemplateCatalogue`); only labels live here.
 */

/** "Every service type": in a link it means the same as none picked. */
export const ALL_SERVICE_TYPES = 'ALL'

const LABELS: Record<string, string> = {
  OIL_CHANGE: 'Oil change (5K)',
  SVC_7500: '7,500-mile service',
  CHECK_UP: 'Check-up (90 days)',
  CHECK_UP_30D: 'Check-up (30 days)',
  STATE_INSPECTION: 'State inspection',
  OIL_CHANGE_POST_30_MONTHS: 'Oil change (30+ months)',
}

/** `OIL_CHANGE` → `Oil change (5K)`; other codes as words (`FIRST_SERVICE_GMC` → `First service gmc`). */
export function serviceTypeLabel(code: string): string {
  const known = LABELS[code]
  if (known) return known
  const words = code.toLowerCase().replaceAll('_', ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
