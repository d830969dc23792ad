import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { enterpriseQueryOptions } from '../../components/enterprises/api/get-enterprise'
import { AdminEnterprisePage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminEnterpriseSearch } from '../../features/administration/admin-search'
import { enterpriseSettingsQueryOptions } from '../../features/administration/api/get-enterprise-settings'
import { appRoute } from '../app'

/** `/admin` — the Administration area's Enterprise section (tenant admins); `?enterprise=` for SUPER_ADMIN. */
export const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin',
  validateSearch: validateAdminEnterpriseSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'tenant')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => ({ enterprise: search.enterprise }),
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId === undefined) return
    void queryClient.ensureQueryData(enterpriseQueryOptions(enterpriseId)).catch(noop)
    void queryClient.ensureQueryData(enterpriseSettingsQueryOptions(enterpriseId)).catch(noop)
  },
  component: AdminEnterprisePage,
})
