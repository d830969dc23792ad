import { canImport } from '../../lib/roles'
import type { UserData } from '../../lib/session'

/** Whether the Imports screens are for a user: an importer's role, tied to an enterprise (the reports are an enterprise's). */
export type ImportAccess = 'ok' | 'role' | 'enterprise'

export function importAccess(user: Pick<UserData, 'access' | 'enterprise'> | null): ImportAccess {
  if (!canImport(user)) return 'role'
  return user?.enterprise ? 'ok' : 'enterprise'
}
