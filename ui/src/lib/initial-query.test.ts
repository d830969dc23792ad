import { beforeEach, describe, expect, it } from 'vitest'
import { rememberInitialQuery } from './initial-query'

describe('rememberInitialQuery', () => {
  beforeEach(() => localStorage.clear())

  it('keeps the query string of the first load', () => {
    rememberInitialQuery('?servicepage=true&custno=42')
    expect(localStorage.getItem('queryString')).toBe('servicepage=true&custno=42')
    expect(localStorage.getItem('custom-search-v2')).toBeNull()
  })

  it('custom-search-version=v2 sets the custom-search-v2 flag true', () => {
    rememberInitialQuery('?custom-search-version=v2')
    expect(localStorage.getItem('custom-search-v2')).toBe('true')
  })

  it('custom-search-version=v3 sets the custom-search-v2 flag false', () => {
    localStorage.setItem('custom-search-v2', 'true')
    rememberInitialQuery('?custom-search-version=v3')
    expect(localStorage.getItem('custom-search-v2')).toBe('false')
  })

  it('does nothing without a query string', () => {
    localStorage.setItem('queryString', 'a=1')
    rememberInitialQuery('')
    expect(localStorage.getItem('queryString')).toBe('a=1')
  })
})
