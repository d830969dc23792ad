import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import type { SourceListQuery } from '../source-search'
import { importKeys } from './import-keys'

export type DataSourcePage = ApiResponse<'/api/data-sync/datasource-configuration/{enterpriseId}', 'get'>
/** A store's dealer-system feed: its kind, whether it is on, where it delivers. */
export type DataSource = DataSourcePage['content'][number]

/** GET /api/data-sync/datasource-configuration/{enterpriseId}?storeIdFk=&page=&size= — the caller's stores' sources, by name. */
export function getDataSources(query: SourceListQuery, signal?: AbortSignal, notifyErrors = true): Promise<DataSourcePage> {
  return apiRequest<DataSourcePage>(`/api/data-sync/datasource-configuration/${encodeURIComponent(query.enterpriseId)}`, {
    query: { storeIdFk: query.storeId, page: query.page, size: query.size },
    signal,
    notifyErrors,
  })
}

export function dataSourcesQueryOptions(query: SourceListQuery) {
  return queryOptions({
    queryKey: importKeys.sourceList(query),
    // A background refetch of a page already shown fails quietly; the page stays.
    queryFn: ({ signal, client, queryKey }) => getDataSources(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

export function useDataSources(query: SourceListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...dataSourcesQueryOptions(query), enabled: options.enabled ?? true })
}
