import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { DeletedBrand } from './admin-types'

/**
 * DELETE /api/brands/{code} (SUPER_ADMIN) — a brand no store carries; a refusal
 * (409 while stores carry it) raises the server's notice.
 */
export function deleteBrand(code: string): Promise<DeletedBrand> {
  return apiRequest<DeletedBrand>(`/api/brands/${encodeURIComponent(code)}`, { method: 'DELETE' })
}

/** Deletes; the brand list is fetched again. */
export function useDeleteBrand() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBrand,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.brands() }),
  })
}
