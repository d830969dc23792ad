import { describe, expect, it } from 'vitest'
import { formatPhone } from './format-phone'

describe('formatPhone', () => {
  it.each([
    ['+15551234567', '(555)-123-4567'],
    ['5551234567', '(555)-123-4567'],
    ['(555) 123-4567', '(555)-123-4567'],
    ['+1 (555) 123 4567', '(555)-123-4567'],
    ['15551234567', '(555)-123-4567'],
  ])('%s → %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected)
  })

  it('shows nothing for a missing number', () => {
    expect(formatPhone(null)).toBe('')
    expect(formatPhone(undefined)).toBe('')
    expect(formatPhone('')).toBe('')
  })

  it('shows anything that is not a number parsePhone takes as given', () => {
    expect(formatPhone('12345')).toBe('12345')
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone('25551234567')).toBe('25551234567')
    expect(formatPhone('555-123-4567 ext')).toBe('555-123-4567 ext')
  })
})
