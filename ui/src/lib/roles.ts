import type { UserData } from './session'

export const COMPANY_MASTER_LIST_ROLES = ['SUPER_ADMIN', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN'] as const

export function hasAnyRole(user: Pick<UserData, 'roles'> | null, roles: readonly string[]): boolean {
  return !!user && user.roles.some((role) => roles.includes(role))
}

/** May open the company master list (the server enforces it too). */
export function canSeeCompanyMasterList(user: Pick<UserData, 'roles'> | null): boolean {
  return hasAnyRole(user, COMPANY_MASTER_LIST_ROLES)
}

/** `SALES_REP` → `Sales rep`. */
export function roleLabel(role: string): string {
  const words = role.toLowerCase().split('_').filter(Boolean)
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}
