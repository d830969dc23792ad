/**
 * Texts from the realtime stream (`event: message`, `data: {"type":"message.created"|"message.status","message":…}`):
 * the shown thread and the phone list are fetched again, debounced, when an event may have changed them.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { MESSAGE_EVENT_DEBOUNCE_MS, MESSAGE_EVENT_MAX_WAIT_MS } from '../../../lib/config'
import { createDebouncer } from '../../../lib/debounce'
import { subscribeMessages, type MessageEvent } from '../../../lib/message-events'
import { realtime, type RealtimeClient } from '../../../lib/realtime'
import { simulatorKeys } from './simulator-keys'

/** What an event means for the screen showing `customerId`'s phone (undefined: none selected). */
export function messageEventEffects(
  event: MessageEvent,
  customerId: number | undefined,
): { thread: boolean; phones: boolean } {
  return {
    thread: customerId !== undefined && event.message.customerId === customerId,
    // A new text can move a phone to the top or add it; a status change does neither.
    phones: event.type === 'message.created',
  }
}

/** Keeps the selected phone's thread and the phone list current while mounted. */
export function useLiveSimulator(customerId: number | undefined, client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const refetchThread = createDebouncer(
      () => {
        if (customerId !== undefined) void queryClient.invalidateQueries({ queryKey: simulatorKeys.thread(customerId) })
      },
      MESSAGE_EVENT_DEBOUNCE_MS,
      MESSAGE_EVENT_MAX_WAIT_MS,
    )
    const refetchPhones = createDebouncer(
      () => void queryClient.invalidateQueries({ queryKey: simulatorKeys.phoneLists() }),
      MESSAGE_EVENT_DEBOUNCE_MS,
      MESSAGE_EVENT_MAX_WAIT_MS,
    )
    const unsubscribe = subscribeMessages(
      (event) => {
        const effects = messageEventEffects(event, customerId)
        if (effects.thread) refetchThread.schedule()
        if (effects.phones) refetchPhones.schedule()
      },
      () => {
        refetchThread.schedule()
        refetchPhones.schedule()
      },
      client,
    )
    return () => {
      unsubscribe()
      refetchThread.cancel()
      refetchPhones.cancel()
    }
  }, [queryClient, customerId, client])
}
