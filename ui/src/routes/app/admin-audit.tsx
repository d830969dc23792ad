import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminAuditPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, auditQueryOf, validateAdminAuditSearch } from '../../features/administration/admin-search'
import { auditQueryOptions } from '../../features/administration/api/get-audit'
import { appRoute } from '../app'

/** `/admin/audit` — the enterprise's audit log (tenant admins). */
export const adminAuditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/audit',
  validateSearch: validateAdminAuditSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'tenant')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId !== undefined) void queryClient.ensureQueryData(auditQueryOptions(enterpriseId, auditQueryOf(deps))).catch(noop)
  },
  component: AdminAuditPage,
})
