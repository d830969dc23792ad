import { parsePhone } from './validation'

/**
 * Phone display (spec section 5): the ten digits of a number `parsePhone`
 * takes, shown (xxx)-xxx-xxxx. Anything else is shown as given.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return ''
  const e164 = parsePhone(value)
  if (e164 === null) return value
  const digits = e164.slice(2)
  return `(${digits.slice(0, 3)})-${digits.slice(3, 6)}-${digits.slice(6)}`
}
