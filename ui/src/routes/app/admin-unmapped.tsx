import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminUnmappedPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminSearch } from '../../features/administration/admin-search'
import { unmappedQueryOptions } from '../../features/administration/api/get-unmapped'
import { appRoute } from '../app'

/** `/admin/unmapped` — the store codes rows wait for, and the codes mapped to stores (tenant admins). */
export const adminUnmappedRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/unmapped',
  validateSearch: validateAdminSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'tenant')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => ({ enterprise: search.enterprise }),
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId !== undefined) void queryClient.ensureQueryData(unmappedQueryOptions(enterpriseId)).catch(noop)
  },
  component: AdminUnmappedPage,
})
