import { accessOf, type Access, type EmpLevel } from '../../lib/roles'
import type { UserData } from '../../lib/session'

export type { EmpLevel, Role } from '../../lib/roles'

/**
 * What the signed-in user may do in the Administration area: the server's answer at log-in
 * (docs/decisions/0011-administration.md), used only to offer what a role can do; the server
 * decides every call.
 */
export type AdminAccess = Pick<
  Access,
  'platform' | 'tenant' | 'users' | 'telephony' | 'assistants' | 'developer' | 'grantableRoles' | 'grantableLevels' | 'rolesByLevel'
>

export const LEVEL_LABELS: Record<EmpLevel, string> = {
  PLATFORM: 'Platform',
  ENTERPRISE: 'Enterprise (every dealer and store)',
  BOC: 'Dealer (its stores)',
  STORE: 'Store',
}

export function adminAccess(user: Pick<UserData, 'access'> | null): AdminAccess {
  return accessOf(user)
}

/**
 * The enterprise the area works on: the one in the address for SUPER_ADMIN
 * (who may pick any), else the user's own.
 */
export function adminEnterpriseId(user: Pick<UserData, 'access' | 'enterprise'> | null, fromSearch: number | undefined): number | undefined {
  if (accessOf(user).platform) return fromSearch ?? user?.enterprise?.id
  return user?.enterprise?.id
}
