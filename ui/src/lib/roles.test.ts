import { describe, expect, it } from 'vitest'
import { canSeeCompanyMasterList, roleLabel } from './roles'

describe('roles', () => {
  it('the company master list is for super, enterprise and corporate admins', () => {
    expect(canSeeCompanyMasterList({ roles: ['SUPER_ADMIN'] })).toBe(true)
    expect(canSeeCompanyMasterList({ roles: ['SALES_REP', 'ENTERPRISE_ADMIN'] })).toBe(true)
    expect(canSeeCompanyMasterList({ roles: ['CORPORATE_ADMIN'] })).toBe(true)
    expect(canSeeCompanyMasterList({ roles: ['SALES_REP', 'OFFICE_MANAGER'] })).toBe(false)
    expect(canSeeCompanyMasterList(null)).toBe(false)
  })

  it('labels roles for people', () => {
    expect(roleLabel('SUPER_DATA_ADMIN')).toBe('Super data admin')
    expect(roleLabel('SALES_REP')).toBe('Sales rep')
  })
})
