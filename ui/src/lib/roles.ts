import type { UserData } from './session'
import { enumLabel } from './text'

export const COMPANY_MASTER_LIST_ROLES = ['SUPER_ADMIN', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN'] as const

export function hasAnyRole(user: Pick<UserData, 'roles'> | null, roles: readonly string[]): boolean {
  return !!user && user.roles.some((role) => roles.includes(role))
}

/** May open the company master list (the server enforces it too). */
export function canSeeCompanyMasterList(user: Pick<UserData, 'roles'> | null): boolean {
  return hasAnyRole(user, COMPANY_MASTER_LIST_ROLES)
}

/** Creates, deactivates and reactivates enterprises (the server's PLATFORM_ADMINS). */
export const PLATFORM_ADMIN_ROLES = ['SUPER_ADMIN'] as const
/** Administer one enterprise: name, logo, dealers, stores, users, audit (the server's TENANT_ADMINS). */
export const TENANT_ADMIN_ROLES = ['SUPER_ADMIN', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN'] as const
/** Manage users: the tenant admins, and dealer and store managers for their own staff (the server's USER_MANAGERS). */
/** Who configures a store's texting: gateway, numbers and test texts (the server's telephony admins). */
export const TELEPHONY_ADMIN_ROLES = ['SUPER_ADMIN', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN', 'SUPER_DATA_ADMIN'] as const
export const USER_MANAGER_ROLES = [...TENANT_ADMIN_ROLES, 'DIVISION_MANAGER', 'OFFICE_MANAGER'] as const

/** May open the Administration area (users at least; the server enforces each action). */
export function canAdminister(user: Pick<UserData, 'roles'> | null): boolean {
  return hasAnyRole(user, USER_MANAGER_ROLES)
}

/**
 * Roles that run a store's bulk work — planner transfers, data imports: the platform and
 * enterprise administrators and the dealer and store managers (the server's MANAGER_ROLES).
 */
export const MANAGER_ROLES = [
  'SUPER_ADMIN',
  'SUPER_DATA_ADMIN',
  'SUPER_USER',
  'ENTERPRISE_ADMIN',
  'CORPORATE_ADMIN',
  'DIVISION_MANAGER',
  'OFFICE_MANAGER',
] as const

/** May upload data files and read their reports (the server enforces it too). */
export function canImport(user: Pick<UserData, 'roles'> | null): boolean {
  return hasAnyRole(user, MANAGER_ROLES)
}

/** `SALES_REP` → `Sales rep`. */
export function roleLabel(role: string): string {
  return enumLabel(role)
}

/** Roles that write internal notes and use the per-message options menu (spec section 6). */
export const SUPER_ROLES = ['SUPER_DATA_ADMIN', 'SUPER_USER'] as const

/** May write internal notes and use the per-message options menu (the server enforces it too). */
export function canUseMessageOptions(user: Pick<UserData, 'roles'> | null): boolean {
  return hasAnyRole(user, SUPER_ROLES)
}

/** Enterprise-level users see conversations in the enterprise style (no TO label, spec section 2). */
export function isEnterpriseUser(user: Pick<UserData, 'empLevel'> | null): boolean {
  return user?.empLevel === 'ENTERPRISE'
}
