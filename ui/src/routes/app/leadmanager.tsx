import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { LeadManagerScreen } from '../../features/lead-manager'
import { appRoute } from '../app'

export const leadManagerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'leadmanager',
  loader: ({ context: { queryClient, user } }) => {
    // Start the fetch; the screen shows placeholder rows until it arrives.
    if (user.enterprise) void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
  },
  component: LeadManagerScreen,
})
