import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminLeadFormsPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminSearch } from '../../features/administration/admin-search'
import { leadFormsQueryOptions } from '../../features/administration/api/get-lead-forms'
import { appRoute } from '../app'

/** `/admin/lead-forms` — the enterprise's brand lead forms: store, wording, colour, on or off (tenant admins). */
export const adminLeadFormsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/lead-forms',
  validateSearch: validateAdminSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'tenant')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => ({ enterprise: search.enterprise }),
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId !== undefined) void queryClient.ensureQueryData(leadFormsQueryOptions(enterpriseId)).catch(noop)
  },
  component: AdminLeadFormsPage,
})
