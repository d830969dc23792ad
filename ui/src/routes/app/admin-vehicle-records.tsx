import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { AdminVehicleRecordsPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminVehicleRecordsSearch, vehicleRecordsViewOf } from '../../features/administration/admin-search'
import { vehicleRecordsQueryOptions } from '../../features/administration/api/get-vehicle-records'
import { appRoute } from '../app'

/** `/admin/vehicle-records` — a store's services done elsewhere and odometer readings (anyone who may open Administration lists; managers add and delete). */
export const adminVehicleRecordsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/vehicle-records',
  validateSearch: validateAdminVehicleRecordsSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'vehicle-records')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId === undefined) return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(enterpriseId)).catch(noop)
    // The store named in the address is fetched at once; the first store's waits for the list.
    if (deps.store !== undefined) {
      const view = vehicleRecordsViewOf(deps)
      void queryClient.ensureQueryData(vehicleRecordsQueryOptions(enterpriseId, { ...view, storeId: deps.store })).catch(noop)
    }
  },
  component: AdminVehicleRecordsPage,
})
