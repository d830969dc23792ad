import { useMutation, useQueryClient } from '@tanstack/react-query'
import { enterprisesKeys } from '../../../components/enterprises/api/get-enterprises'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { AdminUser, CreatedUser, UserBody } from './admin-types'
import { enterprisePath } from './enterprise-path'

export type SaveUserInput = { enterpriseId: number; userId?: undefined; body: UserBody } | { enterpriseId: number; userId: number; body: UserBody }

/** What a save answers: the user, and on creation whether a password link went out and the server's text. */
export interface SavedUser {
  user: AdminUser
  created: boolean
  linkSent: boolean
  message: string
}

/**
 * POST /api/enterprise/{enterpriseId}/user (without a password the user is
 * e-mailed a link to choose one), or PUT /api/user/{userId} (username,
 * password and guest are not changed). Raises no notice: the form lists a
 * 400's problems and explains a 403.
 */
export async function saveUser(input: SaveUserInput): Promise<SavedUser> {
  if (input.userId === undefined) {
    const created = await apiRequest<CreatedUser>(enterprisePath(input.enterpriseId, '/user'), {
      method: 'POST',
      body: input.body,
      notifyErrors: false,
    })
    return { user: created.user, created: true, linkSent: created.linkSent, message: created.message }
  }
  const user = await apiRequest<AdminUser>(`/api/user/${encodeURIComponent(input.userId)}`, {
    method: 'PUT',
    body: input.body,
    notifyErrors: false,
  })
  return { user, created: false, linkSent: false, message: 'Successfully Updated' }
}

export function useSaveUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveUser,
    onSuccess: (_saved, input) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(input.enterpriseId) })
      void queryClient.invalidateQueries({ queryKey: enterprisesKeys.all })
    },
  })
}
