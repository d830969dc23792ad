import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminBrandsPage } from '../../features/administration'
import { adminRedirect, validateAdminSearch } from '../../features/administration/admin-search'
import { brandsQueryOptions } from '../../features/administration/api/get-brands'
import { appRoute } from '../app'

/** `/admin/brands` — the brands stores carry, shared by every enterprise (SUPER_ADMIN). */
export const adminBrandsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/brands',
  validateSearch: validateAdminSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'platform')
    if (to) throw redirect({ to, replace: true })
  },
  loader: ({ context: { queryClient } }) => {
    void queryClient.ensureQueryData(brandsQueryOptions()).catch(noop)
  },
  component: AdminBrandsPage,
})
