import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { DataSource } from './get-data-sources'
import { importKeys } from './import-keys'

/** GET /api/data-sync/datasource/{id} — one source. A 404 raises no notice: the screen says the source is gone. */
export function getDataSource(sourceId: number, signal?: AbortSignal): Promise<DataSource> {
  return apiRequest<DataSource>(`/api/data-sync/datasource/${encodeURIComponent(sourceId)}`, { signal, notifyErrors: false })
}

export function dataSourceQueryOptions(sourceId: number) {
  return queryOptions({ queryKey: importKeys.source(sourceId), queryFn: ({ signal }) => getDataSource(sourceId, signal) })
}

export function useDataSource(sourceId: number | undefined) {
  return useQuery({ ...dataSourceQueryOptions(sourceId ?? 0), enabled: sourceId !== undefined })
}
