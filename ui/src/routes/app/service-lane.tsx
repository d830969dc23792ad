import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { LeadConversation } from '../../features/conversations'
import { ServiceLaneScreen } from '../../features/service-lane'
import { laneStoresQueryOptions } from '../../features/service-lane/api/get-lane-stores'
import { lanesQueryOptions } from '../../features/service-lane/api/get-lanes'
import { validateServiceLaneSearch } from '../../features/service-lane/lane-search'
import { appRoute } from '../app'

/** `/service-lane` — the service-lane board; store, advisor, days, the list below and its page live in the URL. */
export const serviceLaneRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'service-lane',
  validateSearch: validateServiceLaneSearch,
  loader: ({ context: { queryClient, user } }) => {
    // Start the fetches; the screen shows skeleton lanes meanwhile.
    if (!user.enterprise) return
    void queryClient.ensureQueryData(lanesQueryOptions()).catch(noop)
    void queryClient.ensureQueryData(laneStoresQueryOptions()).catch(noop)
  },
  component: ServiceLanePage,
})

/** The board, its drawers showing a visit's conversation with the conversations feature's component. */
function ServiceLanePage() {
  return <ServiceLaneScreen conversation={LeadConversation} />
}
