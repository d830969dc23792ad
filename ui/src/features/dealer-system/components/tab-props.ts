import type { DealerStore } from '../dealer-system-requests'
import type { DealerSystemSearch } from '../dealer-system-search'

/** What every tab gets from the screen. */
export interface DealerSystemTabProps {
  /** The store shown, with its dealer; undefined while the stores load (or when there is none). */
  store: DealerStore | undefined
  search: DealerSystemSearch
  /** Changes the URL (a filter, the page). */
  onSearch: (update: (prev: DealerSystemSearch) => DealerSystemSearch) => void
}
