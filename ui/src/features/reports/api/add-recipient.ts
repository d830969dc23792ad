import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody } from '../../../lib/api-types'
import type { Recipient } from './get-recipients'
import { reportKeys } from './report-keys'

export type NewRecipient = ApiRequestBody<'/mailinglist/details', 'post'> & { tenantId: number }

/**
 * POST /mailinglist/details {tenantId, mailingListMasterId, email, name?, phone?} —
 * the new recipient. A bad address is a 400, one already on the list a 409;
 * refusals are the caller's to show.
 */
export function addRecipient(body: NewRecipient): Promise<Recipient> {
  return apiRequest<Recipient>('/mailinglist/details', { method: 'POST', body, notifyErrors: false })
}

/** Adds a recipient; the list's recipients and the lists' counts are loaded again. */
export function useAddRecipient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addRecipient,
    onSuccess: (_recipient, { tenantId, mailingListMasterId }) => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.recipients(tenantId, mailingListMasterId) })
      void queryClient.invalidateQueries({ queryKey: reportKeys.mailingLists(tenantId) })
    },
  })
}
