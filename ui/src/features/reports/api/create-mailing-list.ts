import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody } from '../../../lib/api-types'
import type { MailingList } from './get-mailing-lists'
import { reportKeys } from './report-keys'

export type NewMailingList = ApiRequestBody<'/mailinglist', 'post'> & { tenantId: number }

/**
 * POST /mailinglist {code, tenantId} — the new list. A code not starting with
 * `LIST-` is a 400 "…should begin with LIST-…" (H-R1), one already used a 409.
 * Refusals are the caller's to show (no notice here).
 */
export function createMailingList(body: NewMailingList): Promise<MailingList> {
  return apiRequest<MailingList>('/mailinglist', { method: 'POST', body, notifyErrors: false })
}

/** Creates a list; the lists are loaded again (H-R2). */
export function useCreateMailingList() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createMailingList,
    onSettled: (_list, _error, { tenantId }) => queryClient.invalidateQueries({ queryKey: reportKeys.mailingLists(tenantId) }),
  })
}
