import type { UserData } from './session'

export type LandingPath = '/leadmanager' | '/CompanyMasterList'

export interface Landing {
  path: LandingPath
  search: { enterprise?: number }
}

const LEAD_MANAGER: Landing = { path: '/leadmanager', search: {} }

/** Where a user goes after login, decided by the FIRST role (spec section 2). */
export function landingFor(user: Pick<UserData, 'roles' | 'empLevel' | 'tenant' | 'enterprise'>): Landing {
  const firstRole = user.roles[0]
  switch (firstRole) {
    case 'OFFICE_MANAGER':
    case 'DIVISION_MANAGER':
    case 'SALES_REP':
    case 'CORPORATE_ADMIN':
    case 'SUPER_DATA_ADMIN':
      return LEAD_MANAGER
    case 'SUPER_ADMIN':
      return { path: '/CompanyMasterList', search: {} }
    case 'ENTERPRISE_ADMIN':
      if (user.empLevel === 'ENTERPRISE' && user.tenant == null && user.enterprise) {
        return { path: '/CompanyMasterList', search: { enterprise: user.enterprise.id } }
      }
      return LEAD_MANAGER
    default:
      return LEAD_MANAGER
  }
}

/** The landing as an address, e.g. `/CompanyMasterList?enterprise=7`. */
export function landingHref(user: Parameters<typeof landingFor>[0]): string {
  const { path, search } = landingFor(user)
  return search.enterprise === undefined ? path : `${path}?enterprise=${search.enterprise}`
}
