/**
 * The rules the server checks typed values with, made here the same way so a
 * form can refuse a value before anything is sent. One rule each, used by
 * every form; engine/tests/fixtures/validation-cases.json holds the cases both
 * this module (validation.test.ts) and the engine (tests/validation_cases.rs)
 * are tested against. The messages are each form's own.
 */

/**
 * A phone number as the engine's `PhoneNumber::parse` takes it
 * (engine/domain/src/phone.rs): no letters; once everything but the digits is
 * removed, ten digits, or eleven starting with 1. The number in E.164 form,
 * '+1' and the ten digits, else null ('' included).
 */
export function parsePhone(text: string): string | null {
  // Rust's char::is_alphabetic is Unicode's Alphabetic property; its is_ascii_digit is 0-9 only.
  if (/\p{Alphabetic}/u.test(text)) return null
  const digits = text.replace(/[^0-9]/g, '')
  if (digits.length === 10) return `+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`
  return null
}

/**
 * A VIN as people write it ("1hgcm 82633-a004352") in the form the engine
 * stores it (`normalize_vin`, engine/domain/src/formats.rs): spaces and dashes
 * removed, a-z upper-cased. Not checked; `parseVin` checks.
 */
export function normalizeVin(text: string): string {
  return text.replace(/[ -]/g, '').replace(/[a-z]/g, (c) => c.toUpperCase())
}

/** 17 digits and upper-case letters, never I, O or Q (ISO 3779; the engine's `is_vin`). */
const VIN = /^[0-9A-HJ-NPR-Z]{17}$/

/** The VIN in its stored form, if the text is one once normalized (the engine's `parse_vin`); else null. */
export function parseVin(text: string): string | null {
  const vin = normalizeVin(text)
  return VIN.test(vin) ? vin : null
}
