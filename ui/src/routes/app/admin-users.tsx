import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminUsersPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, userQueryOf, validateAdminUsersSearch } from '../../features/administration/admin-search'
import { usersQueryOptions } from '../../features/administration/api/get-users'
import { appRoute } from '../app'

/** `/admin/users` — the users the signed-in user manages (tenant admins, dealer and store managers). */
export const adminUsersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/users',
  validateSearch: validateAdminUsersSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'users')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, user }, deps }) => {
    // Start the fetch; the screen keeps the previous page visible meanwhile.
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId !== undefined) void queryClient.ensureQueryData(usersQueryOptions(enterpriseId, userQueryOf(deps))).catch(noop)
  },
  component: AdminUsersPage,
})
