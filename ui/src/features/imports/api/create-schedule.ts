import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { SCHEDULE_CREATED_TEXT, scheduleFailureText } from '../sync-schedules'
import { importKeys } from './import-keys'

export type NewSchedule = ApiRequestBody<'/api/data-sync/scheduler', 'post'>
export type CreatedSchedule = ApiResponse<'/api/data-sync/scheduler', 'post', 201>

/**
 * POST /api/data-sync/scheduler {enterpriseId, storeIdFk, apiName, jobKind, cron, timeZone?, input} —
 * 201 with the schedule; a bad expression, zone or input is a 400 'Unable to create scheduler: …'.
 */
export function createSchedule(body: NewSchedule): Promise<CreatedSchedule> {
  return apiRequest<CreatedSchedule>('/api/data-sync/scheduler', { method: 'POST', body, notifyErrors: false })
}

/** Creates a schedule: 'Scheduler created successfully', else the server's reason or 'Unable to create scheduler' (spec). */
export function useCreateSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: () => {
      notify({ message: SCHEDULE_CREATED_TEXT })
      void queryClient.invalidateQueries({ queryKey: importKeys.scheduleLists() })
    },
    onError: (error) => notify({ type: 'danger', message: scheduleFailureText(error) }),
  })
}
