/** Test data: a message as the API returns it (conversation history, simulator thread, realtime events). */
import type { MessageView } from '../lib/message-events'

/** A delivered text from the dealership; `extra` overrides any field (`timestamp` follows `createdOn`). */
export function messageFixture(extra: Partial<MessageView> = {}): MessageView {
  const createdOn = extra.createdOn ?? '2026-11-22T15:04:00Z'
  return {
    id: 1,
    storeId: 6,
    content: 'Your car is ready.',
    createdOn,
    timestamp: createdOn,
    direction: 'SENT',
    messageType: 'SMS',
    notificationType: 'MESSAGE_TO_CUSTOMER',
    messageStatus: 'delivered',
    archived: false,
    mediaUrls: [],
    responseReqd: false,
    logMode: false,
    isAutomated: false,
    readStatus: false,
    ...extra,
  }
}
