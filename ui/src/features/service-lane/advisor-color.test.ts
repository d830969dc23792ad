import { describe, expect, it } from 'vitest'
import { ADVISOR_COLOR_UNKNOWN, ADVISOR_COLORS, advisorColor, advisorInitials } from './advisor-color'

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

describe('advisorColor', () => {
  it('is chosen by the first letter: the same letter, the same colour, whatever the case or the rest of the name', () => {
    expect(advisorColor('Priya')).toBe(advisorColor('peter'))
    expect(advisorColor('  Priya')).toBe(advisorColor('P'))
    expect(advisorColor('Priya')).not.toBe(advisorColor('Raj'))
    expect(advisorColor('A')).toBe(ADVISOR_COLORS[0])
    expect(advisorColor('B')).toBe(ADVISOR_COLORS[1])
    // Past the palette, letters start again: A and N share a colour.
    expect(advisorColor('Nina')).toBe(advisorColor('Anna'))
  })

  it('is grey for no name or a name that does not start with a letter A–Z', () => {
    expect(advisorColor(undefined)).toBe(ADVISOR_COLOR_UNKNOWN)
    expect(advisorColor('')).toBe(ADVISOR_COLOR_UNKNOWN)
    expect(advisorColor('7 Team')).toBe(ADVISOR_COLOR_UNKNOWN)
    expect(advisorColor('Élodie')).toBe(ADVISOR_COLOR_UNKNOWN)
  })

  it('carries white initials legibly (contrast at least 4.5:1)', () => {
    for (const color of [...ADVISOR_COLORS, ADVISOR_COLOR_UNKNOWN]) {
      expect(1.05 / (luminance(color) + 0.05), color).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('initials are the first letters of the first and last name', () => {
    expect(advisorInitials('Priya', 'Taylor')).toBe('PT')
    expect(advisorInitials('raj', undefined)).toBe('R')
    expect(advisorInitials(undefined, null)).toBe('?')
  })
})
