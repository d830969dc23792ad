import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiQuery, ApiResponse } from '../../../lib/api-types'
import { simulatorKeys } from './simulator-keys'

export type PhonePage = ApiResponse<'/api/simulator/phones', 'get'>
export type Phone = PhonePage['content'][number]
/** Page and size are always sent; an empty search is not. */
export type PhoneQuery = Required<Pick<ApiQuery<'/api/simulator/phones', 'get'>, 'page' | 'size'>> & { search: string }

/** Phones listed per page. */
export const PHONE_PAGE_SIZE = 20

/** GET /api/simulator/phones?search=&page=&size= — customers with texts, most recent first. */
export function getPhones(query: PhoneQuery, signal?: AbortSignal, notifyErrors = true): Promise<PhonePage> {
  return apiRequest<PhonePage>('/api/simulator/phones', {
    query: { page: query.page, size: query.size, search: query.search || undefined },
    signal,
    notifyErrors,
  })
}

export function phonesQueryOptions(query: PhoneQuery) {
  return queryOptions({
    queryKey: simulatorKeys.phones(query),
    // Live updates refetch it while shown; a background refetch fails quietly, the page stays.
    staleTime: 5_000,
    queryFn: ({ signal, client, queryKey }) => getPhones(query, signal, client.getQueryData(queryKey) === undefined),
    placeholderData: keepPreviousData,
  })
}

export function usePhones(query: PhoneQuery, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...phonesQueryOptions(query), refetchInterval: options.refetchInterval ?? false })
}
