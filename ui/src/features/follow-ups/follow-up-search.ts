/** The cadence screen's URL state: `/follow-up-cadence?store=`. */
import { positiveInt } from '../../lib/search-params'

export interface CadenceSearch {
  /** The store whose cadence is shown (default: the first the user sees). */
  store?: number
}

/** The route's search schema: anything unreadable is dropped. */
export function validateCadenceSearch(raw: Record<string, unknown>): CadenceSearch {
  return { store: positiveInt(raw.store) }
}
