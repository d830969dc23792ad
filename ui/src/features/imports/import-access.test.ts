import { describe, expect, it } from 'vitest'
import { importAccess } from './import-access'
import { accessWith } from '../../test/access'

describe('import access', () => {
  const enterprise = { id: 1, name: 'Bayline Demo Motors' }
  it('is for managers and admins of an enterprise', () => {
    expect(importAccess({ access: accessWith({ manager: true }), enterprise })).toBe('ok')
  })
  it('is refused to other roles, and waits for an enterprise', () => {
    expect(importAccess({ access: accessWith(), enterprise })).toBe('role')
    expect(importAccess(null)).toBe('role')
    expect(importAccess({ access: accessWith({ manager: true }), enterprise: undefined })).toBe('enterprise')
  })
})
