import type { UserData } from './session'
import { enumLabel } from './text'

/**
 * What the signed-in user may do, as the server announced it at log-in (`access`, decided by
 * the engine's role rules). The UI keeps no list of roles: it offers what these flags say, and
 * the server checks every call anyway.
 */
export type Access = UserData['access']
export type Role = UserData['roles'][number]
export type EmpLevel = UserData['empLevel']

const NOTHING: Access = {
  platform: false,
  tenant: false,
  users: false,
  telephony: false,
  assistants: false,
  developer: false,
  manager: false,
  messageOptions: false,
  inboundView: false,
  grantableRoles: [],
  grantableLevels: [],
  rolesByLevel: [],
}

/** The user's access; nothing for no user. */
export function accessOf(user: Pick<UserData, 'access'> | null | undefined): Access {
  return user?.access ?? NOTHING
}

/** May open the company master list: the enterprise's administrators. */
export function canSeeCompanyMasterList(user: Pick<UserData, 'access'> | null): boolean {
  return accessOf(user).tenant
}

/**
 * May open the Administration area: any of its sections (users, or the texting, assistant and
 * developer set-up a SUPER_DATA_ADMIN does, decision 0011); the server decides each action.
 */
export function canAdminister(user: Pick<UserData, 'access'> | null): boolean {
  const access = accessOf(user)
  return access.users || access.telephony || access.assistants || access.developer
}

/**
 * Runs a store's bulk work: bulk initiation, planner transfers, imports, reports, group
 * templates and follow-up cadences.
 */
export function canManage(user: Pick<UserData, 'access'> | null): boolean {
  return accessOf(user).manager
}

/** May upload data files and read their reports. */
export function canImport(user: Pick<UserData, 'access'> | null): boolean {
  return canManage(user)
}

/** `SALES_REP` → `Sales rep`. */
export function roleLabel(role: string): string {
  return enumLabel(role)
}

/** May write internal notes and use the per-message options menu (spec section 6). */
export function canUseMessageOptions(user: Pick<UserData, 'access'> | null): boolean {
  return accessOf(user).messageOptions
}

/** Enterprise-level users see conversations in the enterprise style (no TO label, spec section 2). */
export function isEnterpriseUser(user: Pick<UserData, 'empLevel'> | null): boolean {
  return user?.empLevel === 'ENTERPRISE'
}
