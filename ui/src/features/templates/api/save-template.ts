import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { templateKeys } from './template-keys'

const PATH = '/api/customTemplate'

export type TemplateDraft = ApiRequestBody<typeof PATH, 'post'>
export type SavedTemplate = ApiResponse<typeof PATH, 'post'>

/**
 * POST /api/customTemplate — adds a template, or rewrites the one `id` names
 * (the spec's add-or-update). The body goes with its newlines; the server stores
 * them as `<br>`. A refusal (a field it does not know, a group template without
 * a manager's role) raises no notice: the editor shows it.
 */
export function saveTemplate(body: TemplateDraft): Promise<SavedTemplate> {
  return apiRequest<SavedTemplate>(PATH, { method: 'POST', body, notifyErrors: false })
}

/** Saves, toasts 'Successfully Updated' and reloads both lists. */
export function useSaveTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => {
      notify({ message: UPDATED_NOTICE_TEXT })
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() })
    },
  })
}
