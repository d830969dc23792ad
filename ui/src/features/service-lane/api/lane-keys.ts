/** Query keys of the service-lane board; everything under `['service-lane']`. */
export const laneKeys = {
  all: ['service-lane'] as const,
  lanes: () => ['service-lane', 'lanes'] as const,
  stores: () => ['service-lane', 'stores'] as const,
  advisors: (storeId: number) => ['service-lane', 'advisors', storeId] as const,
  /** Every loaded list of open orders, whatever the store and advisor. */
  openLists: () => ['service-lane', 'open'] as const,
  /** A store's lists of open orders (every advisor). */
  openOfStore: (storeId: number) => ['service-lane', 'open', storeId] as const,
  open: (storeId: number, advisorNo: string) => ['service-lane', 'open', storeId, advisorNo] as const,
  closedLists: () => ['service-lane', 'closed'] as const,
  /** A store's closed lanes (every day and advisor). */
  closedOfStore: (storeId: number) => ['service-lane', 'closed', storeId] as const,
  closed: (storeId: number, date: string, advisorNo: string) => ['service-lane', 'closed', storeId, date, advisorNo] as const,
  /** A store's appointments (every day). */
  appointmentsOfStore: (storeId: number) => ['service-lane', 'appointments', storeId] as const,
  appointments: (storeId: number, date: string) => ['service-lane', 'appointments', storeId, date] as const,
  details: () => ['service-lane', 'detail'] as const,
  detail: (id: number) => ['service-lane', 'detail', id] as const,
  /** Unread messages per order status of a store, and per store of an enterprise. */
  unreadByStatus: (enterpriseId: number, storeId: number) => ['service-lane', 'unread', 'status', enterpriseId, storeId] as const,
  unreadByStore: (enterpriseId: number) => ['service-lane', 'unread', 'store', enterpriseId] as const,
  sales: (query: { bocId: number; storeId: number; date: string; page: number; size: number }) =>
    ['service-lane', 'sales', query] as const,
  leads: (query: { list: string; storeId: number; page: number; size: number }) => ['service-lane', 'leads', query] as const,
}
