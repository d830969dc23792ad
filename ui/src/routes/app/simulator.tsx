import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { SmsSimulatorScreen } from '../../features/sms-simulator'
import { phoneThreadQueryOptions } from '../../features/sms-simulator/api/get-phone-messages'
import { PHONE_PAGE_SIZE, phonesQueryOptions } from '../../features/sms-simulator/api/get-phones'
import { nonNegativeInt, positiveInt, text } from '../../lib/search-params'
import { appRoute } from '../app'

export interface SimulatorSearch {
  /** The customer whose phone is shown. */
  customer?: number
  /** Name or part of a number. */
  search?: string
  /** Zero-based page of the phone list. */
  page?: number
}

/** `/simulator` — the SMS simulator's customer phone (users tied to an enterprise). */
export const simulatorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'simulator',
  validateSearch: (raw: Record<string, unknown>): SimulatorSearch => ({
    customer: positiveInt(raw.customer),
    search: text(raw.search),
    page: nonNegativeInt(raw.page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 0, search: search.search ?? '', customer: search.customer }),
  loader: ({ context: { queryClient, user }, deps: { customer, ...query } }) => {
    if (!user.enterprise) return
    // Start the fetches; the screen keeps its layout with placeholders meanwhile.
    void queryClient.ensureQueryData(phonesQueryOptions({ ...query, size: PHONE_PAGE_SIZE })).catch(noop)
    if (customer !== undefined) void queryClient.ensureInfiniteQueryData(phoneThreadQueryOptions(customer)).catch(noop)
  },
  component: SmsSimulatorScreen,
})
