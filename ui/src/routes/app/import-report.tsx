import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { ImportReportScreen } from '../../features/imports'
import { fileReportQueryOptions } from '../../features/imports/api/get-file-report'
import { importAccess } from '../../features/imports/import-access'
import { validateImportReportSearch } from '../../features/imports/import-search'
import { positiveInt } from '../../lib/search-params'
import { appRoute } from '../app'

/** `/imports/$reportId` — one upload's report; the pages of its row errors, and its review's filters and page, live in the URL. */
export const importReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'imports/$reportId',
  params: {
    parse: ({ reportId }) => {
      const id = positiveInt(reportId)
      return id === undefined ? false : { reportId: id }
    },
    stringify: ({ reportId }) => ({ reportId: String(reportId) }),
  },
  validateSearch: validateImportReportSearch,
  loader: ({ context: { queryClient, user }, params: { reportId } }) => {
    // Start the fetch; the screen shows a placeholder until the report arrives.
    if (importAccess(user) !== 'ok') return
    void queryClient.ensureQueryData(fileReportQueryOptions(reportId)).catch(noop)
  },
  component: ImportReportScreen,
})
