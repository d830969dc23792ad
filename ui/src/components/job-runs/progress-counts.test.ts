import { describe, expect, it } from 'vitest'
import { progressCounts } from './progress-counts'

describe('progressCounts', () => {
  it('says what the counts count', () => {
    expect(progressCounts({ done: 12, total: 1340 }, 'leads')).toBe('12 of 1,340 leads')
    expect(progressCounts({ done: 1, total: 1 }, 'leads')).toBe('1 of 1 lead')
    // A file import counts bytes read, not rows.
    expect(progressCounts({ done: 1308, total: 1308 }, 'bytes')).toBe('1.3 KB of 1.3 KB')
  })
})
