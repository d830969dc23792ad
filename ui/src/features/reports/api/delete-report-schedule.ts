import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import type { Schedule } from './get-report-schedules'
import { reportKeys } from './report-keys'

export type ScheduleDeleted = ApiResponse<'/api/data-sync/scheduler/{id}', 'delete'>

/** DELETE /api/data-sync/scheduler/{id} — the schedule fires no more. */
export function deleteSchedule(scheduleId: number): Promise<ScheduleDeleted> {
  return apiRequest<ScheduleDeleted>(`/api/data-sync/scheduler/${encodeURIComponent(scheduleId)}`, { method: 'DELETE' })
}

/** Deletes a scheduled report: it leaves the shown list at once, and the server's message shows. */
export function useDeleteReportSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: (deleted, scheduleId) => {
      queryClient.setQueriesData<Schedule[]>({ queryKey: reportKeys.allSchedules() }, (list) => list?.filter((s) => s.id !== scheduleId))
      notify({ message: deleted?.message || 'Schedule deleted' })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.allSchedules() }),
  })
}
