import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { simulatorKeys } from './simulator-keys'

export type PhoneMessagePage = ApiResponse<'/api/simulator/phones/{customerId}/messages', 'get'>
export type PhoneMessage = PhoneMessagePage['content'][number]

/** Texts fetched at a time; older ones load on request. */
export const THREAD_PAGE_SIZE = 50

/** GET /api/simulator/phones/{customerId}/messages?page=&size= — newest first. */
export function getPhoneMessages(
  customerId: number,
  page: number,
  signal?: AbortSignal,
  notifyErrors = true,
): Promise<PhoneMessagePage> {
  return apiRequest<PhoneMessagePage>(`/api/simulator/phones/${encodeURIComponent(customerId)}/messages`, {
    query: { page, size: THREAD_PAGE_SIZE },
    signal,
    notifyErrors,
  })
}

/** The page after `last` (older texts), or undefined when `last` reached the oldest. */
export function olderPageParam(last: Pick<PhoneMessagePage, 'page' | 'size' | 'totalElements'>): number | undefined {
  return (last.page + 1) * last.size < last.totalElements ? last.page + 1 : undefined
}

/** The thread as pages of texts, newest page first; "next" pages hold older texts. */
export function phoneThreadQueryOptions(customerId: number) {
  return infiniteQueryOptions({
    queryKey: simulatorKeys.thread(customerId),
    // Live updates refetch it while shown; a background refetch fails quietly, the thread stays.
    staleTime: 5_000,
    queryFn: ({ pageParam, signal, client, queryKey }) =>
      getPhoneMessages(customerId, pageParam, signal, client.getQueryData(queryKey) === undefined),
    initialPageParam: 0,
    getNextPageParam: olderPageParam,
  })
}

export function usePhoneThread(customerId: number, options: { refetchInterval?: number | false } = {}) {
  return useInfiniteQuery({ ...phoneThreadQueryOptions(customerId), refetchInterval: options.refetchInterval ?? false })
}
