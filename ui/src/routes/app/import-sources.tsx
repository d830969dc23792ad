import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { DataSourcesScreen } from '../../features/imports'
import { dataSourcesQueryOptions } from '../../features/imports/api/get-data-sources'
import { importAccess } from '../../features/imports/import-access'
import { sourceListQuery, validateDataSourcesSearch } from '../../features/imports/source-search'
import { appRoute } from '../app'

/** `/imports/sources` — the stores' data sources; the store filter, the opened source and paging live in the URL. */
export const importSourcesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'imports/sources',
  validateSearch: validateDataSourcesSearch,
  loaderDeps: ({ search: { store, page, size } }) => ({ store, page, size }),
  loader: ({ context: { queryClient, user }, deps }) => {
    // Start the fetches; the screen shows placeholder rows meanwhile.
    if (!user.enterprise || importAccess(user) !== 'ok') return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
    void queryClient.ensureQueryData(dataSourcesQueryOptions(sourceListQuery(user.enterprise.id, deps))).catch(noop)
  },
  component: DataSourcesScreen,
})
