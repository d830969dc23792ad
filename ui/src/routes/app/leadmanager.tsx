import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { LeadManagerScreen } from '../../features/lead-manager'
import { leadsQueryOptions } from '../../features/lead-manager/api/get-leads'
import { leadListQuery, validateLeadManagerSearch } from '../../features/lead-manager/lead-search'
import { appRoute } from '../app'

/** `/leadmanager` — the lead lists; view, filters, paging and sort live in the URL. */
export const leadManagerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'leadmanager',
  validateSearch: validateLeadManagerSearch,
  // The deep link is not part of what the page shows.
  loaderDeps: ({ search: { future_service_interaction_id: _deepLink, ...search } }) => search,
  loader: ({ context: { queryClient, user }, deps }) => {
    // Start the fetches; the screen shows placeholder rows (or the previous page) meanwhile.
    if (!user.enterprise) return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
    void queryClient.ensureQueryData(leadsQueryOptions(leadListQuery(deps))).catch(noop)
  },
  component: LeadManagerScreen,
})
