import { describe, expect, it } from 'vitest'
import { adminAccess, adminEnterpriseId } from './admin-access'
import { adminRedirect } from './admin-search'

describe('adminAccess', () => {
  it('gives SUPER_ADMIN everything, every role and level', () => {
    const access = adminAccess({ roles: ['SUPER_ADMIN'], empLevel: 'PLATFORM' })
    expect(access).toMatchObject({ platform: true, tenant: true, users: true, grantableLevels: ['ENTERPRISE', 'BOC', 'STORE'] })
    expect(access.grantableRoles).toContain('SUPER_ADMIN')
  })

  it('lets enterprise and corporate admins give any role but SUPER_ADMIN', () => {
    for (const role of ['ENTERPRISE_ADMIN', 'CORPORATE_ADMIN']) {
      const access = adminAccess({ roles: [role], empLevel: 'ENTERPRISE' })
      expect(access).toMatchObject({ platform: false, tenant: true, users: true })
      expect(access.grantableRoles).toHaveLength(10)
      expect(access.grantableRoles).not.toContain('SUPER_ADMIN')
    }
  })

  it('lets a division manager give store roles at dealer or store level, an office manager store staff at store level', () => {
    expect(adminAccess({ roles: ['DIVISION_MANAGER'], empLevel: 'BOC' })).toMatchObject({
      tenant: false,
      users: true,
      grantableRoles: ['OFFICE_MANAGER', 'SALES_REP', 'OFFICE_USER'],
      grantableLevels: ['BOC', 'STORE'],
    })
    expect(adminAccess({ roles: ['OFFICE_MANAGER'], empLevel: 'STORE' })).toMatchObject({
      users: true,
      grantableRoles: ['SALES_REP', 'OFFICE_USER'],
      grantableLevels: ['STORE'],
    })
  })

  it('gives staff nothing', () => {
    expect(adminAccess({ roles: ['SALES_REP'], empLevel: 'STORE' })).toMatchObject({ users: false, grantableRoles: [], grantableLevels: [] })
  })
})

describe('adminEnterpriseId and adminRedirect', () => {
  it('lets only SUPER_ADMIN pick the enterprise from the address', () => {
    expect(adminEnterpriseId({ roles: ['SUPER_ADMIN'], enterprise: undefined }, 7)).toBe(7)
    expect(adminEnterpriseId({ roles: ['SUPER_ADMIN'], enterprise: undefined }, undefined)).toBeUndefined()
    expect(adminEnterpriseId({ roles: ['ENTERPRISE_ADMIN'], enterprise: { id: 1, name: 'Demo' } }, 7)).toBe(1)
  })

  it('sends managers to the Users section and staff away', () => {
    expect(adminRedirect({ roles: ['ENTERPRISE_ADMIN'], empLevel: 'ENTERPRISE' }, 'tenant')).toBeNull()
    expect(adminRedirect({ roles: ['OFFICE_MANAGER'], empLevel: 'STORE' }, 'tenant')).toBe('/admin/users')
    expect(adminRedirect({ roles: ['OFFICE_MANAGER'], empLevel: 'STORE' }, 'users')).toBeNull()
    expect(adminRedirect({ roles: ['SALES_REP'], empLevel: 'STORE' }, 'users')).toBe('/leadmanager')
  })
})

describe('assistants', () => {
  it('are for the telephony admins; others are sent to their users or their lead manager', () => {
    for (const role of ['SUPER_ADMIN', 'ENTERPRISE_ADMIN', 'CORPORATE_ADMIN', 'SUPER_DATA_ADMIN']) {
      expect(adminAccess({ roles: [role], empLevel: 'ENTERPRISE' }).assistants).toBe(true)
      expect(adminRedirect({ roles: [role], empLevel: 'ENTERPRISE' }, 'assistants')).toBeNull()
    }
    expect(adminAccess({ roles: ['OFFICE_MANAGER'], empLevel: 'STORE' }).assistants).toBe(false)
    expect(adminRedirect({ roles: ['OFFICE_MANAGER'], empLevel: 'STORE' }, 'assistants')).toBe('/admin/users')
    expect(adminRedirect({ roles: ['SALES_REP'], empLevel: 'STORE' }, 'assistants')).toBe('/leadmanager')
  })
})
