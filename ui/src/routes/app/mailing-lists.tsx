import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { MailingListsScreen } from '../../features/reports'
import { mailingListsQueryOptions } from '../../features/reports/api/get-mailing-lists'
import { reportSchedulesQueryOptions } from '../../features/reports/api/get-report-schedules'
import { validateMailingListsSearch } from '../../features/reports/mailing-lists'
import { appRoute } from '../app'

/** `/reports/mailing-lists` — the enterprise's mailing lists (`?list=` the opened one) and its scheduled reports. */
export const mailingListsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/mailing-lists',
  validateSearch: validateMailingListsSearch,
  loader: ({ context: { queryClient, user } }) => {
    // Start the fetches; the screen shows placeholder rows meanwhile.
    if (!user.enterprise) return
    void queryClient.ensureQueryData(mailingListsQueryOptions(user.enterprise.id)).catch(noop)
    void queryClient.ensureQueryData(reportSchedulesQueryOptions(user.enterprise.id)).catch(noop)
  },
  component: MailingListsScreen,
})
