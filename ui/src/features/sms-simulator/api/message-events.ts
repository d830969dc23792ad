/**
 * Texts from the realtime stream (`event: message`, `data: {"type":"message.created"|"message.status","message":…}`):
 * the shown thread and the phone list are fetched again, debounced, when an event may have changed them.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { MESSAGE_EVENT_DEBOUNCE_MS, MESSAGE_EVENT_MAX_WAIT_MS } from '../../../lib/config'
import { createDebouncer } from '../../../lib/debounce'
import { realtime, subscribeParsed, type RealtimeClient, type RealtimeEvent } from '../../../lib/realtime'
import type { PhoneMessage } from './get-phone-messages'
import { simulatorKeys } from './simulator-keys'

export type MessageEventType = 'message.created' | 'message.status'

export interface MessageEvent {
  type: MessageEventType
  message: PhoneMessage
}

/** The message event, or null for anything else. */
export function parseMessageEvent(event: RealtimeEvent): MessageEvent | null {
  if (event.event !== 'message' || !event.data || typeof event.data !== 'object') return null
  const { type, message } = event.data as { type?: unknown; message?: unknown }
  if ((type !== 'message.created' && type !== 'message.status') || !message || typeof message !== 'object') return null
  const candidate = message as Partial<PhoneMessage>
  const valid =
    typeof candidate.id === 'number' &&
    typeof candidate.direction === 'string' &&
    (candidate.customerId === undefined || typeof candidate.customerId === 'number')
  return valid ? { type, message: message as PhoneMessage } : null
}

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

/**
 * Calls `onMessage` for every message event, and `onResync` when the stream is
 * back after a break (events may have been missed meanwhile). Returns the unsubscribe.
 */
export function subscribeMessages(
  onMessage: (event: MessageEvent) => void,
  onResync: () => void,
  client: RealtimeClient = realtime,
): () => void {
  return subscribeParsed(parseMessageEvent, onMessage, onResync, client)
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
