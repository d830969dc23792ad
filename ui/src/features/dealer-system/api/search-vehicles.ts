import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { vehicleSearchRequest, type VehicleSearchQuery } from '../dealer-system-requests'
import { dealerSystemKeys } from './dealer-system-keys'

export type VehicleLookupPage = ApiResponse<'/api/boc/{bocId}/store/{storeId}/vehicles/search', 'get'>
/** A vehicle found, with its owner and the dealer system's id for it (`W2kCustomerVehicleID`). */
export type DealerVehicle = VehicleLookupPage['content'][number]

/** A page of the store's vehicles matching the search, most recently serviced first (see `vehicleSearchRequest`). */
export function searchVehicles(query: VehicleSearchQuery, signal?: AbortSignal, notifyErrors = true): Promise<VehicleLookupPage> {
  const { method, path, query: params } = vehicleSearchRequest(query)
  return apiRequest<VehicleLookupPage>(path, { method, query: params, signal, notifyErrors })
}

export function vehicleSearchQueryOptions(query: VehicleSearchQuery) {
  return queryOptions({
    queryKey: dealerSystemKeys.vehicles(query),
    staleTime: 30_000,
    queryFn: ({ signal, client, queryKey }) => searchVehicles(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

const NO_SEARCH: VehicleSearchQuery = { bocId: 0, storeId: 0, text: '', page: 0, size: 0 }

/** The vehicles of `query`; nothing while it is undefined (no store yet, or a search too short). */
export function useVehicleSearch(query: VehicleSearchQuery | undefined) {
  return useQuery({ ...vehicleSearchQueryOptions(query ?? NO_SEARCH), enabled: query !== undefined })
}
