import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { BulkInitiationScreen } from '../../features/outreach'
import { validateBulkSearch } from '../../features/outreach/bulk-search'
import { appRoute } from '../app'

/** `/bulk-initiation` — text many due customers at once; list, filters, templates and the shown run live in the URL. */
export const bulkInitiationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'bulk-initiation',
  validateSearch: validateBulkSearch,
  loader: ({ context: { queryClient, user } }) => {
    // Start the fetch of the store filter; the screen shows its own loading states meanwhile.
    if (!user.enterprise) return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
  },
  component: BulkInitiationScreen,
})
