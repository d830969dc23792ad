import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { SyncHistoryScreen } from '../../features/imports'
import { syncHistoryQueryOptions } from '../../features/imports/api/get-sync-history'
import { importAccess } from '../../features/imports/import-access'
import { syncHistoryQuery, validateSyncHistorySearch } from '../../features/imports/source-search'
import { appRoute } from '../app'

/** `/imports/sync-history` — the syncs, newest first; store, source and paging live in the URL. */
export const importSyncHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'imports/sync-history',
  validateSearch: validateSyncHistorySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, user }, deps }) => {
    if (!user.enterprise || importAccess(user) !== 'ok') return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
    void queryClient.ensureQueryData(syncHistoryQueryOptions(syncHistoryQuery(user.enterprise.id, deps))).catch(noop)
  },
  component: SyncHistoryScreen,
})
