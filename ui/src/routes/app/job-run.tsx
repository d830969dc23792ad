import { noop } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { jobRunQueryOptions } from '../../components/job-runs/api/get-job-run'
import { JobRunScreen } from '../../features/jobs'
import { positiveInt } from '../../lib/search-params'
import { appRoute } from '../app'

/** `/jobs/$runId` — one run. A run id that is not a positive number matches no route (not found). */
export const jobRunRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'jobs/$runId',
  params: {
    parse: ({ runId }) => {
      const id = positiveInt(runId)
      return id === undefined ? false : { runId: id }
    },
    stringify: ({ runId }) => ({ runId: String(runId) }),
  },
  loader: ({ context: { queryClient }, params: { runId } }) => {
    // Start the fetch; the screen shows a placeholder until the run arrives.
    void queryClient.ensureQueryData(jobRunQueryOptions(runId)).catch(noop)
  },
  component: JobRunScreen,
})
