import { describe, expect, it } from 'vitest'
import { accessWith } from '../test/access'
import { canAdminister, canImport, canManage, canSeeCompanyMasterList, canUseMessageOptions, isEnterpriseUser, roleLabel } from './roles'

describe('roles', () => {
  it('reads each ability from the access the server announced', () => {
    const all = { access: accessWith({ tenant: true, users: true, manager: true, messageOptions: true }) }
    expect([canSeeCompanyMasterList(all), canAdminister(all), canManage(all), canImport(all), canUseMessageOptions(all)]).toEqual([true, true, true, true, true])
    const none = { access: accessWith() }
    expect([canSeeCompanyMasterList(none), canAdminister(none), canManage(none), canImport(none), canUseMessageOptions(none)]).toEqual([false, false, false, false, false])
  })

  it('opens Administration to those who set up texting, assistants or files without managing users', () => {
    expect(canAdminister({ access: accessWith({ telephony: true, assistants: true, developer: true }) })).toBe(true)
    expect(canAdminister({ access: accessWith({ manager: true }) })).toBe(false)
  })

  it('gives no user nothing, and a session kept before access existed nothing either', () => {
    expect(canAdminister(null)).toBe(false)
    expect(canManage({} as never)).toBe(false)
  })

  it('labels roles for people', () => {
    expect(roleLabel('SUPER_DATA_ADMIN')).toBe('Super data admin')
    expect(roleLabel('SALES_REP')).toBe('Sales rep')
  })

  it('enterprise-level users see the enterprise style', () => {
    expect(isEnterpriseUser({ empLevel: 'ENTERPRISE' })).toBe(true)
    expect(isEnterpriseUser({ empLevel: 'STORE' })).toBe(false)
    expect(isEnterpriseUser(null)).toBe(false)
  })
})
