import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { AppointmentsScreen } from '../../features/appointments'
import { storeDayAppointmentsQueryOptions } from '../../features/appointments/api/get-store-day-appointments'
import { validateAppointmentsSearch } from '../../features/appointments/appointments-search'
import { appRoute } from '../app'

/** `/appointments` — a store's appointments of a day; store and day live in the URL. */
export const appointmentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'appointments',
  validateSearch: validateAppointmentsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, user }, deps }) => {
    // Start the fetches; the screen shows placeholder rows meanwhile. (Without a day in the URL
    // it is the store's today, known once the stores are.)
    if (!user.enterprise) return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
    if (deps.store !== undefined && deps.date !== undefined) {
      void queryClient.ensureQueryData(storeDayAppointmentsQueryOptions(deps.store, deps.date)).catch(noop)
    }
  },
  component: AppointmentsScreen,
})
