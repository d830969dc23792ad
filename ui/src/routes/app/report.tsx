import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { reportCatalogueQueryOptions } from '../../components/report-catalogue/api/get-report-catalogue'
import { ReportScreen } from '../../features/reports'
import { reportQueryOptions } from '../../features/reports/api/run-report'
import { openingSearch, reportRequest, validateReportSearch } from '../../features/reports/report-search'
import { dayKey } from '../../lib/date-time'
import { appRoute } from '../app'

/** `/reports/$kind` — one report; its filters, window and page live in the URL. */
export const reportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/$kind',
  validateSearch: validateReportSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, user }, params: { kind }, deps }) => {
    // Start the report as soon as the catalogue says whether it is a list (one fetch, usually cached).
    const catalogue = await queryClient.ensureQueryData(reportCatalogueQueryOptions()).catch(() => undefined)
    const entry = catalogue?.find((r) => r.key === kind)
    if (!entry) return
    const request = reportRequest(kind, openingSearch(deps, entry.defaultMonths), { paged: entry.paged, today: dayKey(Date.now()), caller: { enterpriseId: user.enterprise?.id } })
    void queryClient.ensureQueryData(reportQueryOptions(request)).catch(noop)
  },
  component: ReportScreen,
})
