import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { jobRunsQueryOptions } from '../../components/job-runs/api/get-job-runs'
import { JobsScreen } from '../../features/jobs'
import { jobKindsQueryOptions } from '../../features/jobs/api/get-job-kinds'
import { jobStatsQueryOptions } from '../../features/jobs/api/get-job-stats'
import { DEFAULT_PAGE_SIZE } from '../../lib/config'
import { JOB_STATUSES, type JobStatus } from '../../lib/job-status'
import { isoDate, nonNegativeInt, oneOf, pageSize, text } from '../../lib/search-params'
import { appRoute } from '../app'

export interface JobsSearch {
  /** Zero-based page. */
  page?: number
  size?: number
  kind?: string
  status?: JobStatus
  /** First creation day, YYYY-MM-DD (UTC). */
  from?: string
  /** Last creation day, YYYY-MM-DD (UTC), inclusive. */
  to?: string
}

/** `/jobs` — every signed-in user; the server limits the runs to their scope. */
export const jobsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs',
  validateSearch: (raw: Record<string, unknown>): JobsSearch => ({
    page: nonNegativeInt(raw.page),
    size: pageSize(raw.size),
    kind: text(raw.kind),
    status: oneOf(raw.status, JOB_STATUSES),
    from: isoDate(raw.from),
    to: isoDate(raw.to),
  }),
  loaderDeps: ({ search }) => ({
    page: search.page ?? 0,
    size: search.size ?? DEFAULT_PAGE_SIZE,
    kind: search.kind,
    status: search.status,
    from: search.from,
    to: search.to,
  }),
  loader: ({ context: { queryClient }, deps }) => {
    // Start the fetches; the screen keeps the previous page visible meanwhile.
    void queryClient.ensureQueryData(jobRunsQueryOptions(deps)).catch(noop)
    void queryClient.ensureQueryData(jobStatsQueryOptions()).catch(noop)
    void queryClient.ensureQueryData(jobKindsQueryOptions()).catch(noop)
  },
  component: JobsScreen,
})
