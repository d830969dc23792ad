import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { recordPath, type RecordKind } from '../vehicle-records'
import { adminKeys } from './admin-keys'

export interface DeleteVehicleRecordInput {
  enterpriseId: number
  kind: RecordKind
  id: number
}

/** DELETE /api/virtual-service-record/{id} or /api/virtual-mileage-record/{id} (managers); a refusal raises the server's notice. */
export type DeletedRecord = ApiResponse<'/api/virtual-service-record/{id}', 'delete'>

export function deleteVehicleRecord({ enterpriseId, kind, id }: DeleteVehicleRecordInput): Promise<DeletedRecord> {
  return apiRequest<DeletedRecord>(recordPath(kind, id), { method: 'DELETE', enterpriseId })
}

export function useDeleteVehicleRecord() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteVehicleRecord,
    onSuccess: (_deleted, input) => void queryClient.invalidateQueries({ queryKey: adminKeys.vehicleRecords(input.enterpriseId) }),
  })
}
