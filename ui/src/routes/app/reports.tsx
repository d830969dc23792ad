import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { reportCatalogueQueryOptions } from '../../components/report-catalogue/api/get-report-catalogue'
import { ReportsScreen } from '../../features/reports'
import { validateReportSearch } from '../../features/reports/report-search'
import { appRoute } from '../app'

/** `/reports` — the reports the user may read; the filters in the URL go along to the one picked. */
export const reportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports',
  validateSearch: validateReportSearch,
  loader: ({ context: { queryClient } }) => {
    void queryClient.ensureQueryData(reportCatalogueQueryOptions()).catch(noop)
  },
  component: ReportsScreen,
})
