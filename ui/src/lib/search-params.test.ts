import { describe, expect, it } from 'vitest'
import { bool, integer, isoDate, pagingSearch, nonNegativeInt, oneOf, oneOfList, pageSize, positiveInt, positiveIntList, text } from './search-params'

describe('search param parsers', () => {
  it('read integers from numbers and strings', () => {
    expect(nonNegativeInt(0)).toBe(0)
    expect(nonNegativeInt('3')).toBe(3)
    expect(nonNegativeInt(-1)).toBeUndefined()
    expect(nonNegativeInt('x')).toBeUndefined()
    expect(nonNegativeInt(1.5)).toBeUndefined()
    expect(positiveInt(0)).toBeUndefined()
    expect(positiveInt('12')).toBe(12)
    expect(integer('-30')).toBe(-30)
    expect(integer(0)).toBe(0)
    expect(integer('')).toBeUndefined()
    expect(integer('1e400')).toBeUndefined()
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

  it('read flags from booleans and text', () => {
    expect(bool(true)).toBe(true)
    expect(bool('false')).toBe(false)
    expect(bool('yes')).toBeUndefined()
    expect(bool(1)).toBeUndefined()
  })

  it('read lists from arrays, single values and comma-separated text', () => {
    expect(positiveIntList([3, '8', 3, -1, 'x'])).toEqual([3, 8])
    expect(positiveIntList('1,2')).toEqual([1, 2])
    expect(positiveIntList(5)).toEqual([5])
    expect(positiveIntList([])).toBeUndefined()
    expect(positiveIntList(undefined)).toBeUndefined()
    expect(oneOfList(['B', 'X', 'A', 'B'], ['A', 'B'])).toEqual(['B', 'A'])
    expect(oneOfList('A, B', ['A', 'B'])).toEqual(['A', 'B'])
    expect(oneOfList('X', ['A', 'B'])).toBeUndefined()
  })

  it('leave the first page and the default size out of the URL', () => {
    expect(pagingSearch({ pageIndex: 0, pageSize: 20 }, 20)).toEqual({ page: undefined, size: undefined })
    expect(pagingSearch({ pageIndex: 2, pageSize: 50 }, 20)).toEqual({ page: 2, size: 50 })
  })
})
