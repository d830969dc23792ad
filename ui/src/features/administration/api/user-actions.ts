import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { AdminUser, MessageResponse } from './admin-types'

const userPath = (userId: number, action: string) => `/api/user/${encodeURIComponent(userId)}/${action}`

/** PUT /api/user/{userId}/block or /unblock; a refusal raises the server's notice. */
export function setUserBlocked({ userId, blocked }: { userId: number; blocked: boolean }): Promise<AdminUser> {
  return apiRequest<AdminUser>(userPath(userId, blocked ? 'block' : 'unblock'), { method: 'PUT' })
}

/** DELETE /api/user/{userId}/deleteGuest — guests only (409 for anyone else). */
export function deleteGuest(userId: number): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(userPath(userId, 'deleteGuest'), { method: 'DELETE' })
}

/** POST /api/user/{userId}/reset-password — e-mails the user a one-time link to choose a password. */
export function sendPasswordLink(userId: number): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(userPath(userId, 'reset-password'), { method: 'POST' })
}

/** The enterprise's user list and audit log are fetched again after any of these. */
function useUserAction<TInput, TResult>(enterpriseId: number, fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(enterpriseId) }),
  })
}

export function useSetUserBlocked(enterpriseId: number) {
  return useUserAction(enterpriseId, setUserBlocked)
}

export function useDeleteGuest(enterpriseId: number) {
  return useUserAction(enterpriseId, deleteGuest)
}

export function useSendPasswordLink(enterpriseId: number) {
  return useUserAction(enterpriseId, sendPasswordLink)
}
