import { describe, expect, it } from 'vitest'
import { formatBytes, formatCount } from './format-number'

describe('formatCount', () => {
  it('separates thousands, and shows a dash for nothing', () => {
    expect(formatCount(20000)).toBe('20,000')
    expect(formatCount(0)).toBe('0')
    expect(formatCount(undefined)).toBe('—')
    expect(formatCount(Number.NaN)).toBe('—')
  })
})

describe('formatBytes', () => {
  it('writes sizes in B, KB and MB', () => {
    expect(formatBytes(437)).toBe('437 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB')
    expect(formatBytes(undefined)).toBe('—')
  })
})
