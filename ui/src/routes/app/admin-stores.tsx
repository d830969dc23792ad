import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminStoresPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminSearch } from '../../features/administration/admin-search'
import { adminStoresQueryOptions } from '../../features/administration/api/get-admin-stores'
import { bocsQueryOptions } from '../../features/administration/api/get-bocs'
import { appRoute } from '../app'

/** `/admin/stores` — the enterprise's stores, deactivated ones too (tenant admins). */
export const adminStoresRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/stores',
  validateSearch: validateAdminSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'tenant')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => ({ enterprise: search.enterprise }),
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId === undefined) return
    void queryClient.ensureQueryData(adminStoresQueryOptions(enterpriseId)).catch(noop)
    void queryClient.ensureQueryData(bocsQueryOptions(enterpriseId)).catch(noop)
  },
  component: AdminStoresPage,
})
