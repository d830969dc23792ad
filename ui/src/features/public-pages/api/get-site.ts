import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

/** GET /api/public/site → what the address the visitor used serves at its root (spec G-S1). */
export type PublicSite = ApiResponse<'/api/public/site', 'get'>

/**
 * Whether this address is a lead-submission host (its root is the generic lead form). The
 * server decides from the host the browser asked for; a failed answer is read as "not one",
 * so the staff log-in stays reachable.
 */
export async function isLeadFormHost(): Promise<boolean> {
  try {
    const site = await apiRequest<PublicSite>('/api/public/site', { auth: false, notifyErrors: false })
    return site.leadFormHost
  } catch {
    return false
  }
}
