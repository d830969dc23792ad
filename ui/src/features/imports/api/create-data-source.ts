import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { importKeys } from './import-keys'

export type NewDataSource = ApiRequestBody<'/api/data-sync/datasource-configuration', 'post'>
export type CreatedDataSource = ApiResponse<'/api/data-sync/datasource-configuration', 'post', 201>

/**
 * POST /api/data-sync/datasource-configuration {storeIdFk, name, sourceKind, enabled} — 201 with
 * the source (a drop's folders are made). A refusal raises no notice: the form shows the reason.
 */
export function createDataSource(body: NewDataSource): Promise<CreatedDataSource> {
  return apiRequest<CreatedDataSource>('/api/data-sync/datasource-configuration', { method: 'POST', body, notifyErrors: false })
}

export function useCreateDataSource() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDataSource,
    onSuccess: (source) => {
      queryClient.setQueryData(importKeys.source(source.id), source)
      void queryClient.invalidateQueries({ queryKey: importKeys.sourceLists() })
    },
  })
}
