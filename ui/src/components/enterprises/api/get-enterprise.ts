import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

/** One enterprise: name, code, whether it is active and has a logo. */
export type EnterpriseView = ApiResponse<'/api/enterprise/{enterpriseId}', 'get'>

export const enterpriseKeys = {
  all: ['enterprise'] as const,
  detail: (enterpriseId: number) => ['enterprise', enterpriseId] as const,
  logo: (enterpriseId: number) => ['enterprise', enterpriseId, 'logo'] as const,
}

/**
 * GET /api/enterprise/{enterpriseId} — anyone of the enterprise may read it.
 * `notifyErrors` is off for the header's logo, which just shows none on failure.
 */
export function getEnterprise(enterpriseId: number, signal?: AbortSignal, notifyErrors = true): Promise<EnterpriseView> {
  return apiRequest<EnterpriseView>(`/api/enterprise/${encodeURIComponent(enterpriseId)}`, { signal, notifyErrors })
}

export function enterpriseQueryOptions(enterpriseId: number, { notifyErrors = true } = {}) {
  return queryOptions({
    queryKey: enterpriseKeys.detail(enterpriseId),
    queryFn: ({ signal }) => getEnterprise(enterpriseId, signal, notifyErrors),
  })
}

export function useEnterprise(enterpriseId: number | undefined, { notifyErrors = true } = {}) {
  return useQuery({ ...enterpriseQueryOptions(enterpriseId ?? 0, { notifyErrors }), enabled: enterpriseId !== undefined })
}
