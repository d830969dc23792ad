/**
 * An advisor's colour on the board, chosen by the first letter of their name
 * (spec section F), so that the same advisor has the same colour on every card
 * and every screen. Each colour carries white initials at 4.5:1 or more
 * (WCAG 1.4.3).
 */
export const ADVISOR_COLORS = [
  '#1d4ed8', // blue
  '#b45309', // amber
  '#047857', // green
  '#b91c1c', // red
  '#6d28d9', // violet
  '#0e7490', // cyan
  '#be185d', // pink
  '#4d7c0f', // olive
  '#92400e', // brown
  '#475569', // slate
  '#a21caf', // fuchsia
  '#c2410c', // orange
  '#0f766e', // teal
] as const

/** Names that do not start with a letter A–Z. */
export const ADVISOR_COLOR_UNKNOWN = '#64748b'

/** The colour of an advisor by the first letter of `name` (A and N share one, B and O…); grey for none. */
export function advisorColor(name: string | null | undefined): string {
  const letter = (name ?? '').trim().charAt(0).toUpperCase()
  const index = letter.charCodeAt(0) - 'A'.charCodeAt(0)
  if (letter === '' || index < 0 || index > 25) return ADVISOR_COLOR_UNKNOWN
  return ADVISOR_COLORS[index % ADVISOR_COLORS.length]!
}

/** An advisor's initials (`Priya Taylor` → `PT`), at most two letters; '?' for none. */
export function advisorInitials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const initials = [firstName, lastName]
    .map((part) => (part ?? '').trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .join('')
  return initials || '?'
}
