import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { OwnedNumber } from './admin-types'

export interface BuyNumberInput {
  enterpriseId: number
  storeId: number
  /** One of the available numbers, E.164. */
  phoneNumber: string
}

/** POST /api/messaging/numbers — buys a number for the store. Raises no notice: the panel shows the refusal. */
export function buyNumber({ enterpriseId, storeId, phoneNumber }: BuyNumberInput): Promise<OwnedNumber> {
  return apiRequest<OwnedNumber>('/api/messaging/numbers', { method: 'POST', body: { storeId, phoneNumber }, enterpriseId, notifyErrors: false })
}

/** Buys; the store's numbers (and its gateway's sender) are fetched again. */
export function useBuyNumber() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: buyNumber,
    onSuccess: (_bought, input) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.ownedNumbers(input.enterpriseId, input.storeId) })
    },
  })
}
