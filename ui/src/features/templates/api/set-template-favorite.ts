import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { notify } from '../../../lib/notices'
import { warnTemplateFailure } from './template-errors'
import { templateKeys } from './template-keys'

export type FavoriteMessage = ApiResponse<'/api/customTemplate/add/favorite', 'put'>

export interface SetFavoriteInput {
  templateId: number
  favorite: boolean
}

/**
 * PUT /api/customTemplate/add/favorite?templateId= or DELETE
 * /api/customTemplate/remove/favorite?templateId= — favourites are the caller's own.
 */
export function setTemplateFavorite({ templateId, favorite }: SetFavoriteInput): Promise<FavoriteMessage> {
  return favorite
    ? apiRequest<FavoriteMessage>('/api/customTemplate/add/favorite', { method: 'PUT', query: { templateId }, notifyErrors: false })
    : apiRequest<FavoriteMessage>('/api/customTemplate/remove/favorite', {
        method: 'DELETE',
        query: { templateId },
        notifyErrors: false,
      })
}

/** Toasts the server's 'Template added to favourites' / 'Template removed from favourites' and reloads the lists. */
export function useSetTemplateFavorite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setTemplateFavorite,
    onSuccess: (answer) => {
      notify({ message: answer.message })
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() })
    },
    onError: warnTemplateFailure,
  })
}
