import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { saveUserData } from '../../../lib/session'

export type LoginRequest = ApiRequestBody<'/user/v2/login', 'post'>
export type LoginResponse = ApiResponse<'/user/v2/login', 'post'>

/** POST /user/v2/login — no token header; a 401 here is a wrong password, not an ended session. */
export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/user/v2/login', { method: 'POST', body: credentials, auth: false })
}

/** Logs in and stores the session (`userData` in local storage). */
export function useLogin({ onSuccess }: { onSuccess?: (user: LoginResponse) => void } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.clear()
      saveUserData(user)
      onSuccess?.(user)
    },
  })
}
