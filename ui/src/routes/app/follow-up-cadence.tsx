import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { FollowUpCadenceScreen } from '../../features/follow-ups'
import { cadenceQueryOptions } from '../../features/follow-ups/api/get-cadence'
import { validateCadenceSearch } from '../../features/follow-ups/follow-up-search'
import { appRoute } from '../app'

/** `/follow-up-cadence` — a store's follow-up steps; the store lives in the URL. */
export const followUpCadenceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'follow-up-cadence',
  validateSearch: validateCadenceSearch,
  loaderDeps: ({ search: { store } }) => ({ store }),
  loader: ({ context: { queryClient, user }, deps }) => {
    // Start the fetches; the screen shows placeholder rows meanwhile.
    if (!user.enterprise) return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
    if (deps.store !== undefined) void queryClient.ensureQueryData(cadenceQueryOptions(deps.store)).catch(noop)
  },
  component: FollowUpCadenceScreen,
})
