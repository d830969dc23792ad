import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { Brand } from './admin-types'

/** GET /api/brands — the brands a store may carry. */
export function getBrands(signal?: AbortSignal): Promise<Brand[]> {
  return apiRequest<Brand[]>('/api/brands', { signal })
}

export function brandsQueryOptions() {
  // The list is fixed by the installation.
  return queryOptions({ queryKey: adminKeys.brands(), queryFn: ({ signal }) => getBrands(signal), staleTime: Infinity })
}

export function useBrands() {
  return useQuery(brandsQueryOptions())
}
