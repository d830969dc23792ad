import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiRequestBody, ApiResponse } from '../../../lib/api-types'
import { replaceRowInPage } from '../import-review'
import type { DataSourcePage } from './get-data-sources'
import { importKeys } from './import-keys'

export type DataSourceChange = ApiRequestBody<'/api/data-sync/datasource/{id}', 'put'>
export type UpdatedDataSource = ApiResponse<'/api/data-sync/datasource/{id}', 'put'>

export interface UpdateDataSourceInput {
  sourceId: number
  change: DataSourceChange
  /** Errors raise the usual notice unless the caller shows them (default true). */
  notifyErrors?: boolean
}

/**
 * PUT /api/data-sync/datasource/{id} {name?, enabled?} — renames a source, or switches it
 * off and on (a switched-off source does not sync).
 */
export function updateDataSource({ sourceId, change, notifyErrors = true }: UpdateDataSourceInput): Promise<UpdatedDataSource> {
  return apiRequest<UpdatedDataSource>(`/api/data-sync/datasource/${encodeURIComponent(sourceId)}`, {
    method: 'PUT',
    body: change,
    notifyErrors,
  })
}

/** The changed source replaces the shown one in place (every cached page, and the source itself). */
export function useUpdateDataSource() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateDataSource,
    onSuccess: (source) => {
      queryClient.setQueryData(importKeys.source(source.id), source)
      queryClient.setQueriesData<DataSourcePage>({ queryKey: importKeys.sourceLists() }, (page) => replaceRowInPage(page, source))
    },
  })
}
