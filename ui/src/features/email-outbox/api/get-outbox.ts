import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'

const PATH = '/api/email/outbox'

export type OutboxPage = ApiResponse<typeof PATH, 'get'>
export type OutboxEmail = OutboxPage['content'][number]

export interface OutboxQuery {
  page: number
  size: number
}

export const outboxKeys = {
  all: ['email-outbox'] as const,
  page: (query: OutboxQuery) => ['email-outbox', query] as const,
}

/** GET /api/email/outbox — the e-mails and invites sent from the caller's scope, newest first. */
export function outboxQueryOptions(query: OutboxQuery) {
  return queryOptions({
    queryKey: outboxKeys.page(query),
    queryFn: ({ signal }) => apiRequest<OutboxPage>(PATH, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useOutbox(query: OutboxQuery) {
  return useQuery(outboxQueryOptions(query))
}
