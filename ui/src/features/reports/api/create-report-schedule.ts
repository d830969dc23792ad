import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { SCHEDULE_CREATED_TEXT } from '../report-schedules'
import { reportKeys } from './report-keys'

export type NewSchedule = ApiRequestBody<'/api/data-sync/scheduler', 'post'>
export type CreatedSchedule = ApiResponse<'/api/data-sync/scheduler', 'post', 201>

/**
 * POST /api/data-sync/scheduler {enterpriseId, storeIdFk?, apiName, jobKind, cron, timeZone, input} —
 * 201 with the schedule. A bad cron, zone or input, or a report or store the
 * caller may not read, is refused with the reason; refusals are the caller's to show.
 */
export function createSchedule(body: NewSchedule): Promise<CreatedSchedule> {
  return apiRequest<CreatedSchedule>('/api/data-sync/scheduler', { method: 'POST', body, notifyErrors: false })
}

/** Creates a scheduled report: 'Scheduler created successfully' (spec), and the schedules are loaded again. */
export function useCreateReportSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: (schedule) => {
      notify({ message: SCHEDULE_CREATED_TEXT })
      void queryClient.invalidateQueries({ queryKey: reportKeys.schedules(schedule.enterpriseId) })
    },
  })
}
