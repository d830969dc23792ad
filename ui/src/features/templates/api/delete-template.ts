import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { warnTemplateFailure } from './template-errors'
import { templateKeys } from './template-keys'

export type TemplateMessage = ApiResponse<'/api/customTemplate/{templateId}', 'delete'>

/** DELETE /api/customTemplate/{templateId} — the caller's own, or a group one for managers. */
export function deleteTemplate(templateId: number): Promise<TemplateMessage> {
  return apiRequest<TemplateMessage>(`/api/customTemplate/${encodeURIComponent(templateId)}`, {
    method: 'DELETE',
    notifyErrors: false,
  })
}

/** Deletes, toasts the server's 'Successfully Deleted' and reloads both lists. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (answer) => {
      notify({ message: answer.message })
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() })
    },
    onError: warnTemplateFailure,
  })
}
