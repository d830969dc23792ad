import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminDealersPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminSearch } from '../../features/administration/admin-search'
import { bocsQueryOptions } from '../../features/administration/api/get-bocs'
import { appRoute } from '../app'

/** `/admin/dealers` — the enterprise's dealers (tenant admins). */
export const adminDealersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/dealers',
  validateSearch: validateAdminSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'tenant')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => ({ enterprise: search.enterprise }),
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId !== undefined) void queryClient.ensureQueryData(bocsQueryOptions(enterpriseId)).catch(noop)
  },
  component: AdminDealersPage,
})
