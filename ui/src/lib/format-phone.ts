/**
 * Phone display (spec section 5): strip +1 and non-digits, show (xxx)-xxx-xxxx.
 * Anything that is not ten digits afterwards is shown as given.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return ''
  let digits = value.trim().replace(/^\+1/, '').replace(/\D/g, '')
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1)
  if (digits.length !== 10) return value
  return `(${digits.slice(0, 3)})-${digits.slice(3, 6)}-${digits.slice(6)}`
}
