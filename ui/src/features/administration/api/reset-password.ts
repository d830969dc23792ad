import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody } from '../../../lib/api-types'
import type { MessageResponse } from './admin-types'

export type ResetPasswordBody = ApiRequestBody<'/user/reset-password', 'post'>

/**
 * POST /user/reset-password `{token, password}` — public: the link's token is
 * the proof. Raises no notice: the page shows the refusal (an invalid or expired link).
 */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/user/reset-password', { method: 'POST', body, auth: false, notifyErrors: false })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
