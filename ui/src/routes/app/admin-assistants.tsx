import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminAssistantsPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminSearch } from '../../features/administration/admin-search'
import { adminStoresQueryOptions } from '../../features/administration/api/get-admin-stores'
import { assistantsQueryOptions } from '../../features/administration/api/get-assistants'
import { appRoute } from '../app'

/** `/admin/assistants` — every store's assistant, its automated replies and conversation starts (telephony admins). */
export const adminAssistantsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/assistants',
  validateSearch: validateAdminSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'assistants')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => ({ enterprise: search.enterprise }),
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId !== undefined) {
      void queryClient.ensureQueryData(adminStoresQueryOptions(enterpriseId)).catch(noop)
      void queryClient.ensureQueryData(assistantsQueryOptions(enterpriseId)).catch(noop)
    }
  },
  component: AdminAssistantsPage,
})
