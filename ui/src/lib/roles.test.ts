import { describe, expect, it } from 'vitest'
import { canAdminister, canImport, canSeeCompanyMasterList, canUseMessageOptions, isEnterpriseUser, roleLabel } from './roles'

describe('roles', () => {
  it('the company master list is for super, enterprise and corporate admins', () => {
    expect(canSeeCompanyMasterList({ roles: ['SUPER_ADMIN'] })).toBe(true)
    expect(canSeeCompanyMasterList({ roles: ['SALES_REP', 'ENTERPRISE_ADMIN'] })).toBe(true)
    expect(canSeeCompanyMasterList({ roles: ['CORPORATE_ADMIN'] })).toBe(true)
    expect(canSeeCompanyMasterList({ roles: ['SALES_REP', 'OFFICE_MANAGER'] })).toBe(false)
    expect(canSeeCompanyMasterList(null)).toBe(false)
  })

  it('the Administration area is for the tenant admins and the dealer and store managers', () => {
    for (const role of ['SUPER_ADMIN', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN', 'DIVISION_MANAGER', 'OFFICE_MANAGER']) {
      expect(canAdminister({ roles: [role] })).toBe(true)
    }
    expect(canAdminister({ roles: ['SALES_REP', 'OFFICE_USER', 'SUPER_DATA_ADMIN', 'SUPER_USER'] })).toBe(false)
    expect(canAdminister(null)).toBe(false)
  })

  it('imports are for the roles that run bulk work (admins and managers)', () => {
    for (const role of ['SUPER_ADMIN', 'SUPER_DATA_ADMIN', 'SUPER_USER', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN', 'DIVISION_MANAGER', 'OFFICE_MANAGER']) {
      expect(canImport({ roles: [role] })).toBe(true)
    }
    expect(canImport({ roles: ['SALES_REP', 'OFFICE_USER', 'ENTERPRISE_USER', 'CORPORATE_USER'] })).toBe(false)
    expect(canImport(null)).toBe(false)
  })

  it('labels roles for people', () => {
    expect(roleLabel('SUPER_DATA_ADMIN')).toBe('Super data admin')
    expect(roleLabel('SALES_REP')).toBe('Sales rep')
  })

  it('notes and message options are for super data admins and super users', () => {
    expect(canUseMessageOptions({ roles: ['SUPER_DATA_ADMIN'] })).toBe(true)
    expect(canUseMessageOptions({ roles: ['OFFICE_MANAGER', 'SUPER_USER'] })).toBe(true)
    expect(canUseMessageOptions({ roles: ['SUPER_ADMIN'] })).toBe(false)
    expect(canUseMessageOptions({ roles: ['OFFICE_MANAGER'] })).toBe(false)
    expect(canUseMessageOptions(null)).toBe(false)
  })

  it('enterprise-level users see the enterprise style', () => {
    expect(isEnterpriseUser({ empLevel: 'ENTERPRISE' })).toBe(true)
    expect(isEnterpriseUser({ empLevel: 'STORE' })).toBe(false)
    expect(isEnterpriseUser(null)).toBe(false)
  })
})
