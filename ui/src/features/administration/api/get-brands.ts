import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { Brand } from './admin-types'

/** GET /api/brands — the brands a store may carry, by name, with how many stores carry each (any signed-in user). */
export function getBrands(signal?: AbortSignal): Promise<Brand[]> {
  return apiRequest<Brand[]>('/api/brands', { signal })
}

export function brandsQueryOptions() {
  // SUPER_ADMIN changes the list now and then (the Brands section fetches it again after each
  // change); a minute old is fine for the store form's picker.
  return queryOptions({ queryKey: adminKeys.brands(), queryFn: ({ signal }) => getBrands(signal), staleTime: 60_000 })
}

export function useBrands() {
  return useQuery(brandsQueryOptions())
}
