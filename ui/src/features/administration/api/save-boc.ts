import { useMutation, useQueryClient } from '@tanstack/react-query'
import { enterpriseStoresKeys } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { enterprisesKeys } from '../../../components/enterprises/api/get-enterprises'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { Boc, NewBocBody, UpdateBocBody } from './admin-types'
import { enterprisePath } from './enterprise-path'

/** A new dealer (no `bocId`) or a change to one. */
export type SaveBocInput =
  | { enterpriseId: number; bocId?: undefined; body: NewBocBody }
  | { enterpriseId: number; bocId: number; body: UpdateBocBody }

/**
 * POST /api/enterprise/{enterpriseId}/boc, or PUT …/boc/{bocId} (tenant admins).
 * Raises no notice: the form shows the refusal.
 */
export function saveBoc(input: SaveBocInput): Promise<Boc> {
  return input.bocId === undefined
    ? apiRequest<Boc>(enterprisePath(input.enterpriseId, '/boc'), { method: 'POST', body: input.body, notifyErrors: false })
    : apiRequest<Boc>(enterprisePath(input.enterpriseId, `/boc/${encodeURIComponent(input.bocId)}`), {
        method: 'PUT',
        body: input.body,
        notifyErrors: false,
      })
}

/** Saves; the enterprise's admin lists, its store pickers (a deactivated dealer's stores leave them) and counts are fetched again. */
export function useSaveBoc() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveBoc,
    onSuccess: (boc) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.enterprise(boc.enterpriseId) })
      void queryClient.invalidateQueries({ queryKey: enterpriseStoresKeys.list(boc.enterpriseId) })
      void queryClient.invalidateQueries({ queryKey: enterprisesKeys.all })
    },
  })
}
