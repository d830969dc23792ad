import { useMutation } from '@tanstack/react-query'
import { apiRequest } from './api-client'
import type { ApiResponse } from './api-types'
import { LOGOUT_RELOAD_DELAY_MS } from './config'
import { endSession } from './session'

export type LogoutResponse = ApiResponse<'/user/logout', 'get'>

/** GET /user/logout — invalidates the token on the server. */
export function logout(): Promise<LogoutResponse> {
  return apiRequest<LogoutResponse>('/user/logout', { notifyErrors: false })
}

/** Logs out on the server (best effort), then clears local storage and goes to /login. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await logout()
      } catch {
        // The session ends locally whatever the server said.
      }
    },
    onSettled: () => endSession(LOGOUT_RELOAD_DELAY_MS),
  })
}
