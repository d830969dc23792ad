import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import type { Schedule } from './get-report-schedules'
import { reportKeys } from './report-keys'

export type UpdatedSchedule = ApiResponse<'/api/data-sync/scheduler/{id}', 'put'>

export interface UpdateScheduleInput {
  scheduleId: number
  enabled: boolean
}

/** PUT /api/data-sync/scheduler/{id} {enabled} — a schedule on (from its next tick) or off. */
export function updateSchedule({ scheduleId, enabled }: UpdateScheduleInput): Promise<UpdatedSchedule> {
  return apiRequest<UpdatedSchedule>(`/api/data-sync/scheduler/${encodeURIComponent(scheduleId)}`, { method: 'PUT', body: { enabled } })
}

/** Switches a scheduled report on or off; it changes in place and 'Successfully Updated' shows. */
export function useUpdateReportSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSchedule,
    onSuccess: (schedule) => {
      queryClient.setQueryData<Schedule[]>(reportKeys.schedules(schedule.enterpriseId), (list) =>
        list?.map((s) => (s.id === schedule.id ? schedule : s)),
      )
      notify({ message: UPDATED_NOTICE_TEXT })
    },
  })
}
