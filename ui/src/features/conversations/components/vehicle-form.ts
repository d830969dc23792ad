// The Add vehicle dialog's form: what may be sent, and the body sent.
import { normalizeVin, parseVin } from '../../../lib/validation'
import type { InboundVehicleBody } from '../api/add-inbound-vehicle'

/** What staff typed, as typed. */
export interface VehicleForm {
  vin: string
  make: string
  model: string
  year: string
  odometer: string
}

export type VehicleFormProblems = Partial<Record<'vin' | 'year' | 'odometer', string>>

export const EMPTY_VEHICLE_FORM: VehicleForm = { vin: '', make: '', model: '', year: '', odometer: '' }

/** Why the form cannot be sent, field by field; empty when it can. Make, model and year are the server's to ask for (a known VIN needs none). */
export function vehicleFormProblems(form: VehicleForm): VehicleFormProblems {
  const problems: VehicleFormProblems = {}
  if (normalizeVin(form.vin) === '') problems.vin = 'Enter the VIN.'
  else if (parseVin(form.vin) === null) problems.vin = 'A VIN is 17 letters and digits, without I, O or Q.'
  const year = form.year.trim()
  if (year !== '' && !/^\d{4}$/.test(year)) problems.year = 'A model year is four digits, e.g. 2021.'
  const odometer = form.odometer.trim()
  if (odometer !== '' && !/^\d{1,9}$/.test(odometer)) problems.odometer = 'The odometer is a whole number, 0 or more.'
  return problems
}

/** The request body for a form without problems (blank fields left out). */
export function vehicleBody(leadId: number, form: VehicleForm): InboundVehicleBody {
  const text = (value: string) => value.trim() || undefined
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()))
  return {
    futureServiceInteractionId: leadId,
    vin: normalizeVin(form.vin),
    make: text(form.make),
    model: text(form.model),
    year: number(form.year),
    odometer: number(form.odometer),
  }
}
