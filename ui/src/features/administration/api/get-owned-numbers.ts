import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { adminKeys } from './admin-keys'
import type { OwnedNumber } from './admin-types'

/** POST /twilio/list-all-phone-numbers {storeId} — the numbers the store owns (a read, despite the verb). */
export function getOwnedNumbers(enterpriseId: number, storeId: number, signal?: AbortSignal): Promise<OwnedNumber[]> {
  return apiRequest<OwnedNumber[]>('/twilio/list-all-phone-numbers', { method: 'POST', body: { storeId }, enterpriseId, signal })
}

export function ownedNumbersQueryOptions(enterpriseId: number, storeId: number) {
  return queryOptions({ queryKey: adminKeys.ownedNumbers(enterpriseId, storeId), queryFn: ({ signal }) => getOwnedNumbers(enterpriseId, storeId, signal) })
}

export function useOwnedNumbers(enterpriseId: number, storeId: number) {
  return useQuery(ownedNumbersQueryOptions(enterpriseId, storeId))
}
