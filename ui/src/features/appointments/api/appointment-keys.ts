import type { AppointmentSearchBody } from './search-appointments'

/** What an availability call asks for. */
export interface AvailabilityQuery {
  storeId: number
  /** The store's local day, YYYY-MM-DD. */
  startDate: string
  /** 1 to 31. */
  days: number
  advisorId?: number
}

/** What the editor's customer picker asks for. */
export interface PickerQuery {
  /** The enterprise (none: the caller's). */
  companyId?: number
  /** The store. */
  officeId: number
  search: string
}

/** Query keys of the appointments; everything under `['appointments']`. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  /** Every store's day lists: what a booking or a status change reloads. */
  days: () => ['appointments', 'day'] as const,
  day: (storeId: number, date: string) => ['appointments', 'day', storeId, date] as const,
  /** Free slots change with every booking, move and cancel. */
  availabilities: () => ['appointments', 'availability'] as const,
  availability: ({ storeId, startDate, days, advisorId }: AvailabilityQuery) =>
    ['appointments', 'availability', storeId, startDate, days, advisorId ?? null] as const,
  searches: () => ['appointments', 'search'] as const,
  search: (body: AppointmentSearchBody) => ['appointments', 'search', body] as const,
  picker: ({ companyId, officeId, search }: PickerQuery) => ['appointments', 'picker', officeId, companyId ?? null, search] as const,
}
