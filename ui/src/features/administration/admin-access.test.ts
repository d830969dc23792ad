import { describe, expect, it } from 'vitest'
import { accessWith } from '../../test/access'
import { adminAccess, adminEnterpriseId } from './admin-access'
import { adminRedirect } from './admin-search'

// Which role may do what is the server's (engine::admin::Access, tested there and in the API
// suite); these tests take its answers as given and check what the UI does with them.
const platform = { access: accessWith({ platform: true, tenant: true, users: true, telephony: true, assistants: true, developer: true }) }
const tenantAdmin = { access: accessWith({ tenant: true, users: true, telephony: true, assistants: true, developer: true }) }
const storeManager = { access: accessWith({ users: true, grantableRoles: ['SALES_REP', 'OFFICE_USER'], grantableLevels: ['STORE'] }) }
const dataAdmin = { access: accessWith({ telephony: true, assistants: true, developer: true }) }
const staff = { access: accessWith() }

describe('adminAccess', () => {
  it('is the access the server announced', () => {
    expect(adminAccess(storeManager)).toMatchObject({ users: true, tenant: false, grantableRoles: ['SALES_REP', 'OFFICE_USER'], grantableLevels: ['STORE'] })
    expect(adminAccess(null)).toMatchObject({ users: false, grantableRoles: [], grantableLevels: [] })
  })
})

describe('adminEnterpriseId and adminRedirect', () => {
  it('lets only the platform pick the enterprise from the address', () => {
    expect(adminEnterpriseId({ ...platform, enterprise: undefined }, 7)).toBe(7)
    expect(adminEnterpriseId({ ...platform, enterprise: undefined }, undefined)).toBeUndefined()
    expect(adminEnterpriseId({ ...tenantAdmin, enterprise: { id: 1, name: 'Demo' } }, 7)).toBe(1)
  })

  it('sends managers to the Users section and staff away', () => {
    expect(adminRedirect(tenantAdmin, 'tenant')).toBeNull()
    expect(adminRedirect(storeManager, 'tenant')).toBe('/admin/users')
    expect(adminRedirect(storeManager, 'users')).toBeNull()
    expect(adminRedirect(staff, 'users')).toBe('/leadmanager')
  })

  it('sends those who configure texting but manage no users to their telephony section', () => {
    expect(adminRedirect(dataAdmin, 'users')).toBe('/admin/telephony')
    expect(adminRedirect(dataAdmin, 'assistants')).toBeNull()
    expect(adminRedirect(dataAdmin, 'developer')).toBeNull()
  })
})

describe('assistants', () => {
  it('are for those the server lets give assistants; others go to their users or their lead manager', () => {
    expect(adminRedirect(tenantAdmin, 'assistants')).toBeNull()
    expect(adminRedirect(storeManager, 'assistants')).toBe('/admin/users')
    expect(adminRedirect(staff, 'assistants')).toBe('/leadmanager')
  })
})

describe('brands', () => {
  it('are the platform\'s; everyone else goes to the section they have', () => {
    expect(adminRedirect(platform, 'platform')).toBeNull()
    expect(adminRedirect(tenantAdmin, 'platform')).toBe('/admin')
    expect(adminRedirect(storeManager, 'platform')).toBe('/admin/users')
    expect(adminRedirect(dataAdmin, 'platform')).toBe('/admin/telephony')
    expect(adminRedirect(staff, 'platform')).toBe('/leadmanager')
  })
})
