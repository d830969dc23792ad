import { describe, expect, it } from 'vitest'
import { landingFor, landingHref } from './landing'
import type { Role } from './roles'
import type { UserData } from './session'

type LandingUser = Pick<UserData, 'roles' | 'empLevel' | 'tenant' | 'enterprise'>

const user = (roles: Role[], overrides: Partial<LandingUser> = {}): LandingUser => ({
  roles,
  empLevel: 'STORE',
  tenant: 3,
  enterprise: { id: 7, name: 'Bayline Demo Motors' },
  ...overrides,
})

describe('landingFor', () => {
  it.each<Role>(['OFFICE_MANAGER', 'DIVISION_MANAGER', 'SALES_REP', 'CORPORATE_ADMIN', 'SUPER_DATA_ADMIN'])(
    '%s lands on the lead manager',
    (role) => {
      expect(landingFor(user([role]))).toEqual({ path: '/leadmanager', search: {} })
    },
  )

  it('SUPER_ADMIN lands on the company master list', () => {
    expect(landingHref(user(['SUPER_ADMIN'], { empLevel: 'PLATFORM', enterprise: undefined, tenant: undefined }))).toBe(
      '/CompanyMasterList',
    )
  })

  it('ENTERPRISE_ADMIN at enterprise level with no tenant lands on its enterprise in the company master list', () => {
    const admin = user(['ENTERPRISE_ADMIN'], { empLevel: 'ENTERPRISE', tenant: undefined })
    expect(landingFor(admin)).toEqual({ path: '/CompanyMasterList', search: { enterprise: 7 } })
    expect(landingHref(admin)).toBe('/CompanyMasterList?enterprise=7')
  })

  it('ENTERPRISE_ADMIN with a tenant lands on the lead manager', () => {
    expect(landingHref(user(['ENTERPRISE_ADMIN'], { empLevel: 'ENTERPRISE', tenant: 4 }))).toBe('/leadmanager')
  })

  it('ENTERPRISE_ADMIN below enterprise level lands on the lead manager', () => {
    expect(landingHref(user(['ENTERPRISE_ADMIN'], { empLevel: 'BOC', tenant: undefined }))).toBe('/leadmanager')
  })

  it.each<Role>(['SUPER_USER', 'CORPORATE_USER', 'ENTERPRISE_USER', 'OFFICE_USER'])(
    '%s (everything else) lands on the lead manager',
    (role) => {
      expect(landingHref(user([role]))).toBe('/leadmanager')
    },
  )

  it('a user with no roles lands on the lead manager', () => {
    expect(landingHref(user([]))).toBe('/leadmanager')
  })

  it('only the FIRST role counts', () => {
    expect(landingHref(user(['SALES_REP', 'SUPER_ADMIN']))).toBe('/leadmanager')
    expect(landingHref(user(['SUPER_ADMIN', 'SALES_REP']))).toBe('/CompanyMasterList')
  })
})
