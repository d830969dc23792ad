/** The lead form's checks, with the spec's exact messages. */
import { parsePhone } from '../../lib/validation'

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
 * The customer's number as sent: '+1' and the 10 digits, or null. Every phone
 * field's rule (`parsePhone`), and the one the server adds for this form
 * (engine/src/public/lead_forms.rs): a US area code never starts with 0 or 1,
 * so "+1" and nine digits is not a number.
 */
export function customerPhoneNumber(typed: string): string | null {
  const e164 = parsePhone(typed)
  return e164 !== null && !/^\+1[01]/.test(e164) ? e164 : null
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
