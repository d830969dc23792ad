import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { patchLeadRows } from './lead-cache'
import { leadKeys } from './lead-keys'

type UpdatedLead = ApiResponse<'/api/future-service-interaction/update-ai-enabled', 'post'>

export interface UpdateAiEnabledInput {
  leadId: number
  aiEnabled: boolean
}

/** POST /api/future-service-interaction/update-ai-enabled?id=&aiEnabled= — the per-lead AI switch. */
export function updateAiEnabled({ leadId, aiEnabled }: UpdateAiEnabledInput): Promise<UpdatedLead> {
  return apiRequest<UpdatedLead>('/api/future-service-interaction/update-ai-enabled', {
    method: 'POST',
    query: { id: leadId, aiEnabled },
  })
}

/**
 * Switches the assistant for a lead. On success the row is patched where the
 * cached lists show it (the page does not jump) and 'Successfully Updated'
 * shows; other lists are marked stale, so they are fetched again when shown.
 */
export function useUpdateAiEnabled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAiEnabled,
    onSuccess: (lead, { leadId, aiEnabled }) => {
      patchLeadRows(queryClient, leadId, (row) => ({ ...row, aiEnabled: lead?.aiEnabled ?? aiEnabled }))
      void queryClient.invalidateQueries({ queryKey: leadKeys.lists(), refetchType: 'none' })
      notify({ message: UPDATED_NOTICE_TEXT })
    },
  })
}
