/** The appointments screen's URL state: `/appointments?store=&date=`. */
import { isoDate, positiveInt } from '../../lib/search-params'

export interface AppointmentsSearch {
  /** The store shown (default: the first the user sees). */
  store?: number
  /** The store's local day, YYYY-MM-DD (default: its today). */
  date?: string
}

/** The route's search schema: anything unreadable is dropped. */
export function validateAppointmentsSearch(raw: Record<string, unknown>): AppointmentsSearch {
  return { store: positiveInt(raw.store), date: isoDate(raw.date) }
}
