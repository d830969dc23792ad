import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { reportKeys } from './report-keys'

/** A list's recipient: e-mail address, name and phone, when added. */
export type Recipient = ApiResponse<'/mailinglist/details', 'get'>[number]

/** GET /mailinglist/details?tenantId=&mailingListMasterId= — a list's recipients. */
export function getRecipients(tenantId: number, mailingListMasterId: number, signal?: AbortSignal): Promise<Recipient[]> {
  return apiRequest<Recipient[]>('/mailinglist/details', { query: { tenantId, mailingListMasterId }, signal })
}

export function recipientsQueryOptions(tenantId: number, listId: number) {
  return queryOptions({
    queryKey: reportKeys.recipients(tenantId, listId),
    queryFn: ({ signal }) => getRecipients(tenantId, listId, signal),
  })
}

export function useRecipients(tenantId: number, listId: number) {
  return useQuery(recipientsQueryOptions(tenantId, listId))
}
