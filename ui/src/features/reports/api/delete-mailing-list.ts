import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { reportKeys } from './report-keys'

export type MailingListDeleted = ApiResponse<'/mailinglist', 'delete'>

export interface DeleteMailingListInput {
  tenantId: number
  mailingListMasterId: number
}

/** DELETE /mailinglist?tenantId=&mailingListMasterId= — the list and its recipients go. */
export function deleteMailingList({ tenantId, mailingListMasterId }: DeleteMailingListInput): Promise<MailingListDeleted> {
  return apiRequest<MailingListDeleted>('/mailinglist', { method: 'DELETE', query: { tenantId, mailingListMasterId } })
}

/** Deletes a list: its recipients leave the cache, the lists are loaded again (H-R2) and the server's message shows. */
export function useDeleteMailingList() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteMailingList,
    onSuccess: (deleted, { tenantId, mailingListMasterId }) => {
      queryClient.removeQueries({ queryKey: reportKeys.recipients(tenantId, mailingListMasterId) })
      notify({ message: deleted?.message || 'Mailing list deleted' })
    },
    onSettled: (_deleted, _error, { tenantId }) => queryClient.invalidateQueries({ queryKey: reportKeys.mailingLists(tenantId) }),
  })
}
