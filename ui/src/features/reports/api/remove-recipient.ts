import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import type { Recipient } from './get-recipients'
import { reportKeys } from './report-keys'

export type RecipientRemoved = ApiResponse<'/mailinglist/details', 'delete'>

export interface RemoveRecipientInput {
  tenantId: number
  mailingListMasterId: number
  mailingListDetailsId: number
}

/** DELETE /mailinglist/details?tenantId=&mailingListDetailsId= — one recipient leaves the list. */
export function removeRecipient({ tenantId, mailingListDetailsId }: RemoveRecipientInput): Promise<RecipientRemoved> {
  return apiRequest<RecipientRemoved>('/mailinglist/details', { method: 'DELETE', query: { tenantId, mailingListDetailsId } })
}

/** Removes a recipient: gone from the shown list at once, then the list and the counts are loaded again. */
export function useRemoveRecipient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeRecipient,
    onSuccess: (removed, { tenantId, mailingListMasterId, mailingListDetailsId }) => {
      queryClient.setQueryData<Recipient[]>(reportKeys.recipients(tenantId, mailingListMasterId), (list) =>
        list?.filter((r) => r.mailingListDetailsId !== mailingListDetailsId),
      )
      notify({ message: removed?.message || 'Recipient removed' })
    },
    onSettled: (_removed, _error, { tenantId, mailingListMasterId }) => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.recipients(tenantId, mailingListMasterId) })
      void queryClient.invalidateQueries({ queryKey: reportKeys.mailingLists(tenantId) })
    },
  })
}
