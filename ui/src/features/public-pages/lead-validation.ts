/** The lead form's checks, with the spec's exact messages. */

export interface LeadFields {
  firstName: string
  lastName: string
  phone: string
}

export type LeadProblems = Partial<Record<keyof LeadFields, string>>

export const FIRST_NAME_REQUIRED = 'First name is required'
export const LAST_NAME_REQUIRED = 'Last name is required'
export const PHONE_REQUIRED = 'Phone is required'
export const INVALID_NUMBER = 'Invalid Number'

/**
 * The customer's number as sent: '+1' and the 10 digits, or null when the
 * typed text holds a letter or not exactly 10 digits once non-digits are removed.
 */
export function customerPhoneNumber(typed: string): string | null {
  if (/\p{L}/u.test(typed)) return null
  const digits = typed.replace(/\D/g, '')
  return digits.length === 10 ? `+1${digits}` : null
}

export function leadProblems({ firstName, lastName, phone }: LeadFields): LeadProblems {
  const problems: LeadProblems = {}
  if (firstName.trim() === '') problems.firstName = FIRST_NAME_REQUIRED
  if (lastName.trim() === '') problems.lastName = LAST_NAME_REQUIRED
  if (phone.trim() === '') problems.phone = PHONE_REQUIRED
  else if (customerPhoneNumber(phone) === null) problems.phone = INVALID_NUMBER
  return problems
}

export function hasLeadProblems(problems: LeadProblems): boolean {
  return Object.values(problems).some(Boolean)
}
