import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { ImportsScreen } from '../../features/imports'
import { fileReportsQueryOptions } from '../../features/imports/api/get-file-reports'
import { importAccess } from '../../features/imports/import-access'
import { reportListQuery, validateImportsSearch } from '../../features/imports/import-search'
import { appRoute } from '../app'

/** `/imports` — the uploaded files by file type and store; tab, store and paging live in the URL. */
export const importsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'imports',
  validateSearch: validateImportsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, user }, deps }) => {
    // Start the fetches; the screen shows placeholder rows (or the previous page) meanwhile.
    if (!user.enterprise || importAccess(user) !== 'ok') return
    void queryClient.ensureQueryData(enterpriseStoresQueryOptions(user.enterprise.id)).catch(noop)
    void queryClient.ensureQueryData(fileReportsQueryOptions(reportListQuery(user.enterprise.id, deps))).catch(noop)
  },
  component: ImportsScreen,
})
