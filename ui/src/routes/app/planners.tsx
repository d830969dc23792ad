import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { PlannersScreen } from '../../features/planners'
import { candidatesQueryOptions } from '../../features/planners/api/get-candidates'
import { plannerAuditsQueryOptions } from '../../features/planners/api/get-planner-audits'
import { auditQuery, candidateQuery, validatePlannersSearch } from '../../features/planners/planner-search'
import { dayKey } from '../../lib/date-time'
import { appRoute } from '../app'

/** `/planners` — the predictive planners; planner, filters and paging live in the URL. */
export const plannersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'planners',
  validateSearch: validatePlannersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, user }, deps }) => {
    // Start the fetches; the screen shows placeholder rows (or the previous page) meanwhile.
    if (!user.enterprise) return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
    void queryClient.ensureQueryData(candidatesQueryOptions(candidateQuery(deps, dayKey(Date.now())))).catch(noop)
    void queryClient.ensureQueryData(plannerAuditsQueryOptions(auditQuery(deps))).catch(noop)
  },
  component: PlannersScreen,
})
