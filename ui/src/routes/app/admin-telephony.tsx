import { noop } from '@tanstack/react-query'
import { createRoute, redirect } from '@tanstack/react-router'
import { AdminTelephonyPage } from '../../features/administration'
import { adminEnterpriseId } from '../../features/administration/admin-access'
import { adminRedirect, validateAdminSearch } from '../../features/administration/admin-search'
import { adminStoresQueryOptions } from '../../features/administration/api/get-admin-stores'
import { chatConfigurationQueryOptions } from '../../features/administration/api/get-chat-configuration'
import { appRoute } from '../app'

/** `/admin/telephony` — a store's texting: its gateway, its numbers and a test text (telephony admins). */
export const adminTelephonyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/telephony',
  validateSearch: validateAdminSearch,
  beforeLoad: ({ context: { user } }) => {
    const to = adminRedirect(user, 'telephony')
    if (to) throw redirect({ to, replace: true })
  },
  loaderDeps: ({ search }) => ({ enterprise: search.enterprise }),
  loader: ({ context: { queryClient, user }, deps }) => {
    const enterpriseId = adminEnterpriseId(user, deps.enterprise)
    if (enterpriseId === undefined) return
    void queryClient.ensureQueryData(adminStoresQueryOptions(enterpriseId)).catch(noop)
    void queryClient.ensureQueryData(chatConfigurationQueryOptions(enterpriseId)).catch(noop)
  },
  component: AdminTelephonyPage,
})
