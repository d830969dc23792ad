import { ApiError } from '../../../lib/api-client'
import { notify } from '../../../lib/notices'

/** The spec's texts when a list of the board cannot be loaded (shown as danger notices). */
export const LANE_FAILURE_TEXTS = {
  orders: 'Unable to get service orders.',
  stores: 'Unable to get swimlane stores.',
  advisors: 'Unable to get swimlane Advisors by Stores.',
  closed: 'Unable to get Closed RO.',
  appointments: 'Unable to get swimlane Appointments By Store.',
} as const

/**
 * Runs one of the board's loads (made with `notifyErrors: false`); when it fails
 * and `notifyFailure` (nothing of it shown yet), the spec's text for it is shown
 * as a danger notice. A 401 ends the session instead; an abort is not a failure.
 */
export async function withFailureText<T>(load: () => Promise<T>, text: string, notifyFailure: boolean): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (notifyFailure && error instanceof ApiError && error.status !== 401) notify({ type: 'danger', message: text })
    throw error
  }
}
