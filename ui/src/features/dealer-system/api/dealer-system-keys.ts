import type { ClosedRepairOrdersQuery, OpenRepairOrdersQuery, SalesQuery, VehicleSearchQuery } from '../dealer-system-requests'

/** Query keys of the Dealer system screen; everything under `['dealer-system']`. */
export const dealerSystemKeys = {
  all: ['dealer-system'] as const,
  sales: (query: SalesQuery) => ['dealer-system', 'sales', query] as const,
  closed: (query: ClosedRepairOrdersQuery) => ['dealer-system', 'closed', query] as const,
  open: (query: OpenRepairOrdersQuery) => ['dealer-system', 'open', query] as const,
  vehicles: (query: VehicleSearchQuery) => ['dealer-system', 'vehicles', query] as const,
}
