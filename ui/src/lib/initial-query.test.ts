import { beforeEach, describe, expect, it } from 'vitest'
import { rememberInitialQuery, takeDeepLink } from './initial-query'

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

describe('takeDeepLink', () => {
  beforeEach(() => localStorage.clear())

  it('opens the lead a kept link names in the lead manager, once', () => {
    rememberInitialQuery('?future_service_interaction_id=42&utm=x')
    expect(takeDeepLink()).toBe('/leadmanager?future_service_interaction_id=42')
    expect(takeDeepLink()).toBeNull()
  })

  it('opens a customer of a service link at the screen it names', () => {
    rememberInitialQuery('?servicepage=true&custno=C-9&screen=/appointments')
    expect(takeDeepLink()).toBe('/appointments?custno=C-9&servicepage=true')
  })

  it('never follows a screen outside the app', () => {
    for (const screen of ['//evil.example', 'https://evil.example', '/a/../../x']) {
      localStorage.clear()
      rememberInitialQuery(`?future_service_interaction_id=7&screen=${encodeURIComponent(screen)}`)
      expect(takeDeepLink()).toBe('/leadmanager?future_service_interaction_id=7')
    }
  })

  it('leaves a query that names no lead alone', () => {
    rememberInitialQuery('?custom-search-version=v2')
    expect(takeDeepLink()).toBeNull()
    expect(localStorage.getItem('queryString')).toBe('custom-search-version=v2')
  })
})
