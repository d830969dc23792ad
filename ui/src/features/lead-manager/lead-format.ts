/** How the lead table writes a lead's parts. */
import { formatPhone } from '../../lib/format-phone'
import type { LeadRow } from './api/get-leads'

export function customerName(lead: Pick<LeadRow, 'id' | 'customerMaster'>): string {
  const c = lead.customerMaster
  return [c.firstName, c.lastName].filter(Boolean).join(' ') || `Lead #${lead.id}`
}

export function customerPhone(lead: Pick<LeadRow, 'customerMaster'>): string {
  return formatPhone(lead.customerMaster.cellular)
}

/** `2016 Toyota RAV4`; '' when nothing is known. */
export function vehicleLabel(vehicle: LeadRow['serviceVehicle']): string {
  if (!vehicle) return ''
  return [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== undefined && part !== null && part !== '').join(' ')
}

/** The last 8 characters of a VIN (the serial part staff read out), '' for none. */
export function vinTail(vin: string | null | undefined, length = 8): string {
  const clean = (vin ?? '').trim()
  return clean.length > length ? clean.slice(-length) : clean
}

/** Not contacted yet: the row offers "Start conversation". */
export function canStartConversation(lead: Pick<LeadRow, 'conversationInitiated'>): boolean {
  return !lead.conversationInitiated
}
