import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { reportSchedules } from '../report-schedules'
import { reportKeys } from './report-keys'

export type Schedule = ApiResponse<'/api/data-sync/scheduler/api-name/{enterpriseId}', 'get'>[number]

/** GET /api/data-sync/scheduler/api-name/{enterpriseId} — the enterprise's schedules, of every job. */
export function getSchedules(enterpriseId: number, signal?: AbortSignal): Promise<Schedule[]> {
  return apiRequest<Schedule[]>(`/api/data-sync/scheduler/api-name/${encodeURIComponent(enterpriseId)}`, { signal })
}

export function reportSchedulesQueryOptions(enterpriseId: number) {
  return queryOptions({
    queryKey: reportKeys.schedules(enterpriseId),
    queryFn: ({ signal }) => getSchedules(enterpriseId, signal),
    // Only the scheduled reports (`reports.mail`), oldest first.
    select: (schedules) => reportSchedules(schedules),
  })
}

/** The enterprise's scheduled reports. */
export function useReportSchedules(enterpriseId: number | undefined) {
  return useQuery({ ...reportSchedulesQueryOptions(enterpriseId ?? 0), enabled: enterpriseId !== undefined })
}
