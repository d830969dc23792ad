import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { recordsPath, type RecordRequest } from '../vehicle-records'
import { adminKeys } from './admin-keys'

export type CreatedRecord = ApiResponse<'/api/virtual-service-record', 'post'>

export interface CreateVehicleRecordInput {
  enterpriseId: number
  request: RecordRequest
}

/**
 * POST /api/virtual-service-record or /api/virtual-mileage-record (managers).
 * Raises no notice: the form lists a 400's problems and explains a 403.
 */
export function createVehicleRecord({ enterpriseId, request }: CreateVehicleRecordInput): Promise<CreatedRecord> {
  return apiRequest<CreatedRecord>(recordsPath(request.kind), { method: 'POST', body: request.body, enterpriseId, notifyErrors: false })
}

export function useCreateVehicleRecord() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createVehicleRecord,
    onSuccess: (_created, input) => void queryClient.invalidateQueries({ queryKey: adminKeys.vehicleRecords(input.enterpriseId) }),
  })
}
