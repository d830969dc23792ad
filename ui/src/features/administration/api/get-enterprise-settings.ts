import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { EnterpriseSettings } from './admin-types'
import { enterprisePath } from './enterprise-path'

/**
 * GET /api/enterprise/{enterpriseId}/settings (tenant admins) — the assistant's
 * reach, the assistant file the stores share and the ENTERPRISE_USER inbound
 * view (decision 0022); a setting never saved reads as its default.
 */
export function getEnterpriseSettings(enterpriseId: number, signal?: AbortSignal): Promise<EnterpriseSettings> {
  return apiRequest<EnterpriseSettings>(enterprisePath(enterpriseId, '/settings'), { signal })
}

export function enterpriseSettingsQueryOptions(enterpriseId: number) {
  return queryOptions({ queryKey: adminKeys.settings(enterpriseId), queryFn: ({ signal }) => getEnterpriseSettings(enterpriseId, signal) })
}

export function useEnterpriseSettings(enterpriseId: number) {
  return useQuery(enterpriseSettingsQueryOptions(enterpriseId))
}
