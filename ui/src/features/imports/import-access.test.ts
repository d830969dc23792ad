import { describe, expect, it } from 'vitest'
import { importAccess } from './import-access'

describe('import access', () => {
  const enterprise = { id: 1, name: 'Bayline Demo Motors' }
  it('is for managers and admins of an enterprise', () => {
    expect(importAccess({ roles: ['OFFICE_MANAGER'], enterprise })).toBe('ok')
    expect(importAccess({ roles: ['ENTERPRISE_ADMIN'], enterprise })).toBe('ok')
  })
  it('is refused to other roles, and waits for an enterprise', () => {
    expect(importAccess({ roles: ['SALES_REP'], enterprise })).toBe('role')
    expect(importAccess(null)).toBe('role')
    expect(importAccess({ roles: ['SUPER_ADMIN'], enterprise: undefined })).toBe('enterprise')
  })
})
