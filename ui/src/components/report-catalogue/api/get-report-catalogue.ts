import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

/** One report the signed-in user may read: key, title, description, paging and how it is drawn. */
export type ReportKindView = ApiResponse<'/api/reports', 'get'>[number]

export const reportCatalogueKeys = {
  all: ['report-catalogue'] as const,
}

/**
 * GET /api/reports — the reports the caller may read (`[]` for roles without
 * reports). Failures raise no notice: the navigation and the picker just offer none.
 */
export function getReportCatalogue(signal?: AbortSignal): Promise<ReportKindView[]> {
  return apiRequest<ReportKindView[]>('/api/reports', { signal, notifyErrors: false })
}

export function reportCatalogueQueryOptions() {
  return queryOptions({
    queryKey: reportCatalogueKeys.all,
    queryFn: ({ signal }) => getReportCatalogue(signal),
    // The catalogue follows the user's roles: it does not change during a session.
    staleTime: Infinity,
  })
}

/** The catalogue; shared by the navigation (shown when non-empty) and the Reports screens. */
export function useReportCatalogue(enabled = true) {
  return useQuery({ ...reportCatalogueQueryOptions(), enabled })
}
