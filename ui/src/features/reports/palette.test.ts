import { describe, expect, it } from 'vitest'
import { CHART_PALETTE, paletteColor } from './palette'

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

describe('chart palette (E-S5)', () => {
  it('has fourteen distinct colours', () => {
    expect(CHART_PALETTE).toHaveLength(14)
    expect(new Set(CHART_PALETTE.map((c) => c.toLowerCase())).size).toBe(14)
    for (const colour of CHART_PALETTE) expect(colour).toMatch(/^#[0-9a-f]{6}$/i)
  })

  it('stands out from the white chart background by at least 3:1', () => {
    for (const colour of CHART_PALETTE) {
      const contrast = (1 + 0.05) / (luminance(colour) + 0.05)
      expect(contrast, colour).toBeGreaterThanOrEqual(3)
    }
  })

  it('hands out colours in order and starts again after the fourteenth', () => {
    expect(paletteColor(0)).toBe(CHART_PALETTE[0])
    expect(paletteColor(13)).toBe(CHART_PALETTE[13])
    expect(paletteColor(14)).toBe(CHART_PALETTE[0])
    expect(paletteColor(15)).toBe(CHART_PALETTE[1])
  })
})
