import { describe, expect, it } from 'vitest'
import cases from '../../../engine/tests/fixtures/validation-cases.json'
import { normalizeVin, parsePhone, parseVin } from './validation'

// The engine is held to the same cases (engine/tests/validation_cases.rs).
describe('parsePhone, as PhoneNumber::parse', () => {
  it('has cases', () => {
    expect(cases.phone.length).toBeGreaterThan(10)
  })

  it.each(cases.phone)('$input → $e164', ({ input, e164 }) => {
    expect(parsePhone(input)).toBe(e164)
  })
})

describe('parseVin, as parse_vin', () => {
  it('has cases', () => {
    expect(cases.vin.length).toBeGreaterThan(5)
  })

  it.each(cases.vin)('$input → $vin', ({ input, vin }) => {
    expect(parseVin(input)).toBe(vin)
  })
})

describe('normalizeVin, as normalize_vin', () => {
  it('drops spaces and dashes and upper-cases, without checking', () => {
    expect(normalizeVin('1hgcm 82633-a004352')).toBe('1HGCM82633A004352')
    expect(normalizeVin(' short ')).toBe('SHORT')
    expect(normalizeVin('\t1hg')).toBe('\t1HG')
    expect(normalizeVin('')).toBe('')
  })
})
