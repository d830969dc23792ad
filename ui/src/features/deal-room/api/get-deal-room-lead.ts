import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { dealRoomKeys } from './deal-room-keys'
import type { DealRoomLead, DealRoomLink } from './deal-room-types'
import { linkQuery, retryTransient } from './link-errors'

/** GET /servicedealroom/future-service-interaction — public (the link is the proof); no notice, the page shows refusals. */
export function getDealRoomLead(link: DealRoomLink, signal?: AbortSignal): Promise<DealRoomLead> {
  return apiRequest<DealRoomLead>('/servicedealroom/future-service-interaction', {
    query: linkQuery(link),
    auth: false,
    notifyErrors: false,
    signal,
  })
}

export function dealRoomLeadQueryOptions(link: DealRoomLink) {
  return queryOptions({
    queryKey: dealRoomKeys.lead(link),
    queryFn: ({ signal }) => getDealRoomLead(link, signal),
    staleTime: 60_000,
    retry: retryTransient,
  })
}

export function useDealRoomLead(link: DealRoomLink) {
  return useQuery(dealRoomLeadQueryOptions(link))
}
