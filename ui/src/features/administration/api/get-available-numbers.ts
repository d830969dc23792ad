import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { AvailableNumber } from './admin-types'

export interface AvailableNumbersInput {
  /** The store's enterprise, sent as the `enterpriseId` header. */
  enterpriseId: number
  storeId: number
  /** Three digits, or '' for any. */
  areaCode: string
}

/**
 * GET /api/messaging/numbers/available?storeId=&areaCode= — numbers the store's
 * provider offers now. Asked on demand (a search), hence a mutation; raises no notice.
 */
export function getAvailableNumbers({ enterpriseId, storeId, areaCode }: AvailableNumbersInput): Promise<AvailableNumber[]> {
  return apiRequest<AvailableNumber[]>('/api/messaging/numbers/available', {
    query: { storeId, areaCode: areaCode || undefined },
    enterpriseId,
    notifyErrors: false,
  })
}

export function useFindNumbers() {
  return useMutation({ mutationFn: getAvailableNumbers })
}
