import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { Brand, BrandNameBody, NewBrandBody } from './admin-types'

/** A new brand (no `code` in the path), or a new name for one. */
export type SaveBrandInput = { code?: undefined; body: NewBrandBody } | { code: string; body: BrandNameBody }

/**
 * POST /api/brands, or PUT /api/brands/{code} (SUPER_ADMIN; a brand keeps its
 * code). Raises no notice: the form lists a 400's problems and a taken code (409).
 */
export function saveBrand(input: SaveBrandInput): Promise<Brand> {
  return input.code === undefined
    ? apiRequest<Brand>('/api/brands', { method: 'POST', body: input.body, notifyErrors: false })
    : apiRequest<Brand>(`/api/brands/${encodeURIComponent(input.code)}`, { method: 'PUT', body: input.body, notifyErrors: false })
}

/** Saves; the brand list (here and in the store form) is fetched again. */
export function useSaveBrand() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveBrand,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.brands() }),
  })
}
