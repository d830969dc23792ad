/**
 * Keeps the open chat boxes live (realtime message and lead events): a box's
 * conversation is fetched again, debounced, when a message event concerns its
 * lead; a customer message arriving in the focused box is acknowledged as read
 * at once; lead counters (the unread badge) are patched into the cached lead.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { ChatBox, DockState } from '../../../lib/chat-dock'
import { MESSAGE_EVENT_DEBOUNCE_MS, MESSAGE_EVENT_MAX_WAIT_MS } from '../../../lib/config'
import { createDebouncer } from '../../../lib/debounce'
import { applyLeadCounts, subscribeLeadCounts, subscribeMessages, type MessageEvent } from '../../../lib/message-events'
import { realtime, type RealtimeClient } from '../../../lib/realtime'
import { conversationKeys } from './conversation-keys'
import type { Lead } from './get-lead'
import { markRead } from './mark-read'

/** The open box a message event concerns, or undefined. */
export function boxOfEvent(event: MessageEvent, boxes: readonly ChatBox[]): ChatBox | undefined {
  const leadId = event.message.jaguarFutureServiceInteractionId
  return leadId === undefined || leadId === null ? undefined : boxes.find((b) => b.leadId === leadId)
}

/** Whether a new message should be acknowledged as read at once: a customer's, in the focused, open box, while the page is seen. */
export function shouldAcknowledge(event: MessageEvent, box: ChatBox, focusedId: number | null, pageVisible: boolean): boolean {
  return (
    event.type === 'message.created' &&
    event.message.direction.toUpperCase() === 'RECEIVED' &&
    !box.minimised &&
    focusedId === box.leadId &&
    pageVisible
  )
}

export function useLiveConversations(dock: DockState, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient()
  const latest = useRef(dock)
  useEffect(() => {
    latest.current = dock
  })

  useEffect(() => {
    const pending = new Set<number>()
    const refetch = createDebouncer(
      () => {
        for (const leadId of pending) void queryClient.invalidateQueries({ queryKey: conversationKeys.history(leadId) })
        pending.clear()
      },
      MESSAGE_EVENT_DEBOUNCE_MS,
      MESSAGE_EVENT_MAX_WAIT_MS,
    )
    const refetchAll = () => {
      for (const box of latest.current.boxes) pending.add(box.leadId)
      refetch.schedule()
    }
    const stopMessages = subscribeMessages(
      (event) => {
        const { boxes, focusedId } = latest.current
        const box = boxOfEvent(event, boxes)
        if (!box) return
        pending.add(box.leadId)
        refetch.schedule()
        if (shouldAcknowledge(event, box, focusedId, document.visibilityState === 'visible')) {
          void markRead(queryClient, box.leadId, event.message.id)
        }
      },
      refetchAll,
      client,
    )
    const stopLeads = subscribeLeadCounts(
      (counts) => {
        queryClient.setQueryData<Lead>(conversationKeys.lead(counts.id), (lead) => (lead ? applyLeadCounts(lead, counts) : lead))
      },
      () => {
        for (const box of latest.current.boxes) void queryClient.invalidateQueries({ queryKey: conversationKeys.lead(box.leadId) })
      },
      client,
    )
    return () => {
      stopMessages()
      stopLeads()
      refetch.cancel()
    }
  }, [queryClient, client])
}
