import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { recordsPath, type RecordKind } from '../vehicle-records'
import { adminKeys } from './admin-keys'

/** A page of one kind's records (both kinds answer alike). */
export type VehicleRecordPage = ApiResponse<'/api/virtual-service-record', 'get'>
/** A service done elsewhere or an odometer reading, with its vehicle and customer. */
export type VehicleRecord = VehicleRecordPage['content'][number]

export interface VehicleRecordQuery {
  kind: RecordKind
  storeId: number
  page: number
  size: number
}

/**
 * GET /api/virtual-service-record or /api/virtual-mileage-record?storeId=&page=&size= —
 * a store's records, newest first (anyone in scope). The enterprise goes as the
 * header, for SUPER_ADMIN administering another one.
 */
export function getVehicleRecords(enterpriseId: number, query: VehicleRecordQuery, signal?: AbortSignal): Promise<VehicleRecordPage> {
  return apiRequest<VehicleRecordPage>(recordsPath(query.kind), {
    query: { storeId: query.storeId, page: query.page, size: query.size },
    enterpriseId,
    signal,
  })
}

export function vehicleRecordsQueryOptions(enterpriseId: number, query: VehicleRecordQuery) {
  return queryOptions({
    queryKey: adminKeys.vehicleRecordPage(enterpriseId, query),
    queryFn: ({ signal }) => getVehicleRecords(enterpriseId, query, signal),
    placeholderData: keepPreviousData,
  })
}

export function useVehicleRecords(enterpriseId: number, query: VehicleRecordQuery | undefined) {
  return useQuery({
    ...vehicleRecordsQueryOptions(enterpriseId, query ?? { kind: 'service', storeId: 0, page: 0, size: 0 }),
    enabled: query !== undefined,
  })
}
