import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { AutomatedRunsScreen } from '../../features/follow-ups'
import { zoneRunsQueryOptions } from '../../features/follow-ups/api/get-zone-runs'
import { appRoute } from '../app'

/** `/automated-runs` — the stores by time zone: allowed hours, texts held for them, follow-ups due. */
export const automatedRunsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'automated-runs',
  loader: ({ context: { queryClient, user } }) => {
    // Start the fetch; the screen shows placeholder rows meanwhile.
    if (!user.enterprise) return
    void queryClient.ensureQueryData(zoneRunsQueryOptions()).catch(noop)
  },
  component: AutomatedRunsScreen,
})
