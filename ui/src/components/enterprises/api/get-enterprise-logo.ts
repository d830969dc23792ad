import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiDownload } from '../../../lib/api-client'
import { enterpriseKeys } from './get-enterprise'

/**
 * GET /api/enterprise/{enterpriseId}/logo — the image's bytes, fetched with the
 * session's headers (an `<img src>` could not send them); null when there is
 * none (404). Other failures raise no notice: the logo is decoration.
 */
export async function getEnterpriseLogo(enterpriseId: number, signal?: AbortSignal): Promise<Blob | null> {
  try {
    const file = await apiDownload(`/api/enterprise/${encodeURIComponent(enterpriseId)}/logo`, { signal, notifyErrors: false })
    return file.blob
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function enterpriseLogoQueryOptions(enterpriseId: number) {
  return queryOptions({
    queryKey: enterpriseKeys.logo(enterpriseId),
    queryFn: ({ signal }) => getEnterpriseLogo(enterpriseId, signal),
    // The server lets it be cached for 5 minutes; a change here replaces it at once.
    staleTime: 5 * 60_000,
  })
}

/** The logo's bytes, asked for only when the enterprise says it has one. */
export function useEnterpriseLogo(enterpriseId: number | undefined, hasLogo: boolean) {
  return useQuery({ ...enterpriseLogoQueryOptions(enterpriseId ?? 0), enabled: enterpriseId !== undefined && hasLogo })
}
