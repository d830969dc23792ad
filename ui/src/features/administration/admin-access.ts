import { hasAnyRole, PLATFORM_ADMIN_ROLES, TELEPHONY_ADMIN_ROLES, TENANT_ADMIN_ROLES, USER_MANAGER_ROLES } from '../../lib/roles'
import type { UserData } from '../../lib/session'

/**
 * What the signed-in user may do in the Administration area, mirroring the
 * server's rules (docs/decisions/0011-administration.md) only to hide what a
 * role cannot do: the server decides every call.
 */
export interface AdminAccess {
  /** Creates, deactivates and reactivates enterprises, and picks any enterprise. */
  platform: boolean
  /** Administers the enterprise: name, logo, dealers, stores, users, audit. */
  tenant: boolean
  /** Manages users (tenant admins; dealer and store managers for their staff). */
  users: boolean
  /** Configures a store's texting: its gateway, its numbers, a test text. */
  telephony: boolean
  /** Gives stores their assistants and switches them on and off (the telephony admins). */
  assistants: boolean
  /** Edits the assistant and template files, validates, previews and executes them (the assistants' admins). */
  developer: boolean
  /** The roles the user may give, in the server's order. */
  grantableRoles: readonly Role[]
  /** The levels at which the user may employ others. */
  grantableLevels: readonly EmpLevel[]
}

export const ROLES = [
  'OFFICE_MANAGER',
  'DIVISION_MANAGER',
  'SALES_REP',
  'CORPORATE_ADMIN',
  'CORPORATE_USER',
  'SUPER_DATA_ADMIN',
  'SUPER_ADMIN',
  'SUPER_USER',
  'ENTERPRISE_ADMIN',
  'ENTERPRISE_USER',
  'OFFICE_USER',
] as const
export type Role = (typeof ROLES)[number]

export const EMP_LEVELS = ['ENTERPRISE', 'BOC', 'STORE'] as const
export type EmpLevel = (typeof EMP_LEVELS)[number]

export const LEVEL_LABELS: Record<EmpLevel, string> = {
  ENTERPRISE: 'Enterprise (every dealer and store)',
  BOC: 'Dealer (its stores)',
  STORE: 'Store',
}

/** Roles a dealer (division) manager may give: store staff and store managers. */
const DIVISION_GRANTS: readonly Role[] = ['OFFICE_MANAGER', 'SALES_REP', 'OFFICE_USER']
/** Roles a store (office) manager may give: store staff. */
const OFFICE_GRANTS: readonly Role[] = ['SALES_REP', 'OFFICE_USER']

export function adminAccess(user: Pick<UserData, 'roles' | 'empLevel'> | null): AdminAccess {
  const platform = hasAnyRole(user, PLATFORM_ADMIN_ROLES)
  const tenant = hasAnyRole(user, TENANT_ADMIN_ROLES)
  const users = hasAnyRole(user, USER_MANAGER_ROLES)
  const telephony = hasAnyRole(user, TELEPHONY_ADMIN_ROLES)
  return { platform, tenant, users, telephony, assistants: telephony, developer: telephony, grantableRoles: rolesGiven(user, platform, tenant), grantableLevels: levelsGiven(user, tenant, users) }
}

function rolesGiven(user: Pick<UserData, 'roles'> | null, platform: boolean, tenant: boolean): readonly Role[] {
  if (platform) return ROLES
  if (tenant) return ROLES.filter((r) => r !== 'SUPER_ADMIN')
  const roles = new Set<Role>()
  if (hasAnyRole(user, ['DIVISION_MANAGER'])) DIVISION_GRANTS.forEach((r) => roles.add(r))
  if (hasAnyRole(user, ['OFFICE_MANAGER'])) OFFICE_GRANTS.forEach((r) => roles.add(r))
  return [...roles]
}

/** Never wider than the user's own view. */
function levelsGiven(user: Pick<UserData, 'empLevel'> | null, tenant: boolean, users: boolean): readonly EmpLevel[] {
  if (!users) return []
  if (tenant || user?.empLevel === 'PLATFORM' || user?.empLevel === 'ENTERPRISE') return EMP_LEVELS
  if (user?.empLevel === 'BOC') return ['BOC', 'STORE']
  return ['STORE']
}

/**
 * The enterprise the area works on: the one in the address for SUPER_ADMIN
 * (who may pick any), else the user's own.
 */
export function adminEnterpriseId(user: Pick<UserData, 'roles' | 'enterprise'> | null, fromSearch: number | undefined): number | undefined {
  if (hasAnyRole(user, PLATFORM_ADMIN_ROLES)) return fromSearch ?? user?.enterprise?.id
  return user?.enterprise?.id
}
