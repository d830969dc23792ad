/** How the board and its lists write a customer, a vehicle, miles and money. */

interface Named {
  firstName?: string | null
  lastName?: string | null
}

interface Vehicle {
  year?: number | null
  make?: string | null
  model?: string | null
}

/** `Tyler Adams`; 'Unknown customer' when there is no name. */
export function customerName(customer: Named | null | undefined): string {
  return [customer?.firstName, customer?.lastName].filter(Boolean).join(' ') || 'Unknown customer'
}

/** `2019 Subaru Outback`; '' when unknown. */
export function vehicleText(vehicle: Vehicle | null | undefined): string {
  return [vehicle?.year, vehicle?.make, vehicle?.model].filter(Boolean).join(' ')
}

const milesFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** `190,564 mi`; '' when unknown. */
export function mileageText(mileage: number | null | undefined): string {
  return mileage === null || mileage === undefined ? '' : `${milesFormat.format(mileage)} mi`
}

/** `$1,573.00`. */
export function moneyText(amount: number | null | undefined): string {
  return moneyFormat.format(amount ?? 0)
}

/** A record source or booking channel written for people: `DMS` → `DMS`, `AI_TEXT` → `AI Text`, `BAYLINE` → `Bayline`. */
export function sourceText(code: string): string {
  return code
    .split('_')
    .filter(Boolean)
    .map((word) => (word.length <= 3 ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join(' ')
}
