import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { reportKeys } from './report-keys'

/** A list: its code, number of recipients and when it was made. */
export type MailingList = ApiResponse<'/mailinglist', 'get'>[number]

/** GET /mailinglist?tenantId= — the enterprise's mailing lists with their number of recipients. */
export function getMailingLists(tenantId: number, signal?: AbortSignal): Promise<MailingList[]> {
  return apiRequest<MailingList[]>('/mailinglist', { query: { tenantId }, signal })
}

export function mailingListsQueryOptions(tenantId: number) {
  return queryOptions({
    queryKey: reportKeys.mailingLists(tenantId),
    queryFn: ({ signal }) => getMailingLists(tenantId, signal),
    // Ordered by code here, so a new list lands where it will stay.
    select: (lists) => [...lists].sort((a, b) => a.code.localeCompare(b.code) || a.mailingListMasterId - b.mailingListMasterId),
  })
}

/** The lists of the enterprise `tenantId` (none asked for without one). */
export function useMailingLists(tenantId: number | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...mailingListsQueryOptions(tenantId ?? 0), enabled: enabled && tenantId !== undefined })
}
