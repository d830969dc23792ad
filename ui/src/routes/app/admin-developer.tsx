import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminDeveloperPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminSearch } from '../../features/administration/admin-search'
import { developerFilesQueryOptions } from '../../features/administration/api/get-developer-files'
import { appRoute } from '../app'

/** `/admin/developer` — the assistant and template files: edit, validate, run a sample conversation, preview (the assistants' admins). */
export const adminDeveloperRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/developer',
  validateSearch: validateAdminSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'developer')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => ({ enterprise: search.enterprise }),
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId !== undefined) {
      void queryClient.ensureQueryData(developerFilesQueryOptions(enterpriseId, 'aiva')).catch(noop)
      void queryClient.ensureQueryData(developerFilesQueryOptions(enterpriseId, 'tpl')).catch(noop)
    }
  },
  component: AdminDeveloperPage,
})
