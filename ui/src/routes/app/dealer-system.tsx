import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { DealerSystemScreen } from '../../features/dealer-system'
import { validateDealerSystemSearch } from '../../features/dealer-system/dealer-system-search'
import { appRoute } from '../app'

/** `/dealer-system` — a store's dealer-system records; store, tab, the tab's filters and the page live in the URL. */
export const dealerSystemRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dealer-system',
  validateSearch: validateDealerSystemSearch,
  loader: ({ context: { queryClient, user } }) => {
    // Start fetching the stores (each names its dealer, which the record calls need); the tables show skeletons meanwhile.
    if (!user.enterprise) return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
  },
  component: DealerSystemScreen,
})
