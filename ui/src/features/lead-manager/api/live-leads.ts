/**
 * Keeps the shown lead list live (realtime events): `lead.counts` patches the
 * lead's unread count, latest message and last received date where a cached
 * list shows it; a new message of a lead the page does not show fetches the
 * page again, at most once a second (spec section 9's update throttle).
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { LEAD_LIST_REFRESH_THROTTLE_MS } from '../../../lib/config'
import { applyLeadCounts, subscribeLeadCounts, subscribeMessages, type MessageEvent } from '../../../lib/message-events'
import { realtime, type RealtimeClient } from '../../../lib/realtime'
import { createThrottle } from '../../../lib/throttle'
import type { LeadListQuery } from '../lead-search'
import type { LeadPage } from './get-leads'
import { patchLeadRows } from './lead-cache'
import { leadKeys } from './lead-keys'

/** A new message of a lead that `page` does not show (it may belong on it now). */
export function isNewMessageOffPage(event: MessageEvent, page: Pick<LeadPage, 'content'> | undefined): boolean {
  if (event.type !== 'message.created') return false
  const leadId = event.message.jaguarFutureServiceInteractionId
  if (leadId === undefined || leadId === null) return false
  return !(page?.content.some((row) => row.id === leadId) ?? false)
}

export function useLiveLeads(query: LeadListQuery, page: LeadPage | undefined, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient()
  const latest = useRef({ query, page })
  useEffect(() => {
    latest.current = { query, page }
  })

  useEffect(() => {
    const refresh = createThrottle(
      () => void queryClient.invalidateQueries({ queryKey: leadKeys.list(latest.current.query), exact: true }),
      LEAD_LIST_REFRESH_THROTTLE_MS,
    )
    const stopLeads = subscribeLeadCounts(
      (counts) => patchLeadRows(queryClient, counts.id, (row) => applyLeadCounts(row, counts)),
      refresh.schedule,
      client,
    )
    const stopMessages = subscribeMessages(
      (event) => {
        if (isNewMessageOffPage(event, latest.current.page)) refresh.schedule()
      },
      refresh.schedule,
      client,
    )
    return () => {
      stopLeads()
      stopMessages()
      refresh.cancel()
    }
  }, [queryClient, client])
}
