import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { vehicleLookupRequest, type VehicleLookupQuery } from '../vehicle-records'
import { adminKeys } from './admin-keys'

export type VehicleLookupPage = ApiResponse<'/api/boc/{bocId}/store/{storeId}/vehicles/search', 'get'>
/** A vehicle found, with its owner; `W2kCustomerVehicleID` is the id a record names it by. */
export type LookedUpVehicle = VehicleLookupPage['content'][number]

/** The vehicle lookup (decision 0020): a store's vehicles by the VIN's end, customer number, name or mobile number. */
export function findVehicles(enterpriseId: number, query: VehicleLookupQuery, signal?: AbortSignal): Promise<VehicleLookupPage> {
  const { path, query: params } = vehicleLookupRequest(query)
  return apiRequest<VehicleLookupPage>(path, { query: params, enterpriseId, signal })
}

export function vehicleLookupQueryOptions(enterpriseId: number, query: VehicleLookupQuery) {
  return queryOptions({
    queryKey: adminKeys.vehicleLookup(enterpriseId, query),
    queryFn: ({ signal }) => findVehicles(enterpriseId, query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })
}

const NO_LOOKUP: VehicleLookupQuery = { bocId: 0, storeId: 0, text: '', page: 0, size: 0 }

/** The vehicles matching `query`; nothing while it is undefined (the search too short). */
export function useVehicleLookup(enterpriseId: number, query: VehicleLookupQuery | undefined) {
  return useQuery({ ...vehicleLookupQueryOptions(enterpriseId, query ?? NO_LOOKUP), enabled: query !== undefined })
}
