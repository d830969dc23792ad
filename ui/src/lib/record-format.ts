/** How the screens write a customer, a vehicle, miles, money and counts of dealer-system records. */

interface Named {
  firstName?: string | null
  lastName?: string | null
}

interface Vehicle {
  year?: number | null
  make?: string | null
  model?: string | null
}

/** `Tyler Adams`; `fallback` when there is no name. */
export function personName(person: Named | null | undefined, fallback = 'Unknown customer'): string {
  return [person?.firstName, person?.lastName].filter(Boolean).join(' ') || fallback
}

/** `2019 Subaru Outback`; '' when unknown. */
export function vehicleText(vehicle: Vehicle | null | undefined): string {
  return [vehicle?.year, vehicle?.make, vehicle?.model].filter(Boolean).join(' ')
}

const milesFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** `190,564 mi`; '' when unknown. */
export function mileageText(mileage: number | null | undefined): string {
  return mileage === null || mileage === undefined ? '' : `${milesFormat.format(mileage)} mi`
}

/** `$1,573.00`; '—' when unknown. */
export function moneyText(amount: number | null | undefined): string {
  return amount === null || amount === undefined || !Number.isFinite(amount) ? '—' : moneyFormat.format(amount)
}

/** `1`, `1.5`, `0.25`. */
export function quantityText(quantity: number): string {
  return quantityFormat.format(quantity)
}

/** `12 sales`, `1 sale`; '' while the count is unknown. */
export function countText(count: number | undefined, one: string, many: string): string {
  if (count === undefined) return ''
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}
