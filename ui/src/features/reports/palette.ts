/**
 * The charts' colours (E-S5: fourteen, values not given). A categorical set chosen
 * so that neighbours differ in hue and lightness, and each stands out from the
 * white chart background by at least 3:1 (WCAG 1.4.11 for graphics). Series take
 * them in order; a fifteenth series starts again from the first.
 */
export const CHART_PALETTE = [
  '#1d4ed8', // blue
  '#d97706', // amber
  '#059669', // green
  '#dc2626', // red
  '#7c3aed', // violet
  '#0891b2', // cyan
  '#db2777', // pink
  '#4d7c0f', // olive
  '#92400e', // brown
  '#475569', // slate
  '#c026d3', // fuchsia
  '#ea580c', // orange
  '#0f766e', // teal
  '#4338ca', // indigo
] as const

/** The colour of the `index`th series. */
export function paletteColor(index: number): string {
  const n = CHART_PALETTE.length
  return CHART_PALETTE[((index % n) + n) % n]!
}
