import type { Access } from '../lib/roles'

/** An `access` answer as the server sends it at log-in: nothing allowed but what the test gives. */
export function accessWith(allowed: Partial<Access> = {}): Access {
  return {
    platform: false,
    tenant: false,
    users: false,
    telephony: false,
    assistants: false,
    developer: false,
    manager: false,
    messageOptions: false,
  inboundView: false,
    grantableRoles: [],
    grantableLevels: [],
    rolesByLevel: [],
    ...allowed,
  }
}
