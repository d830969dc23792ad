import { describe, expect, it } from 'vitest'
import { isoDate, nonNegativeInt, oneOf, pageSize, positiveInt, text } from './search-params'

describe('search param parsers', () => {
  it('read integers from numbers and strings', () => {
    expect(nonNegativeInt(0)).toBe(0)
    expect(nonNegativeInt('3')).toBe(3)
    expect(nonNegativeInt(-1)).toBeUndefined()
    expect(nonNegativeInt('x')).toBeUndefined()
    expect(nonNegativeInt(1.5)).toBeUndefined()
    expect(positiveInt(0)).toBeUndefined()
    expect(positiveInt('12')).toBe(12)
  })

  it('bound the page size', () => {
    expect(pageSize(50)).toBe(50)
    expect(pageSize(0)).toBeUndefined()
    expect(pageSize(1000)).toBeUndefined()
  })

  it('turn numeric search text back into text and drop blanks', () => {
    expect(text(123)).toBe('123')
    expect(text('  motors ')).toBe('motors')
    expect(text('   ')).toBeUndefined()
    expect(text({})).toBeUndefined()
  })

  it('accept only listed values', () => {
    expect(oneOf('failed', ['failed', 'running'])).toBe('failed')
    expect(oneOf('FAILED', ['failed', 'running'])).toBeUndefined()
    expect(oneOf(1, ['failed'])).toBeUndefined()
  })

  it('accept only real days written YYYY-MM-DD', () => {
    expect(isoDate('2025-11-22')).toBe('2025-11-22')
    expect(isoDate('2024-02-29')).toBe('2024-02-29')
    expect(isoDate('2025-02-29')).toBeUndefined()
    expect(isoDate('2025-1-2')).toBeUndefined()
    expect(isoDate(20251122)).toBeUndefined()
  })
})
