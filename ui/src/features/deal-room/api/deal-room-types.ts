/**
 * The deal-room calls, typed by hand: the server side is being written at the
 * same time, so these paths are not yet in the generated OpenAPI types.
 * Replace with `ApiResponse`/`ApiRequestBody` once they are.
 */
import type { components } from '../../../lib/api-schema'

/**
 * The query every public deal-room call carries: the signed link's own
 * parameters, exactly as they are in the page's URL.
 */
export interface DealRoomLink {
  futureServiceInteractionId: string
  userMasterId: string
  token: string
}

/** GET /servicedealroom/future-service-interaction → 200. */
export interface DealRoomLead {
  id: number
  customerFirstName: string
  customerLastName: string
  /** Already formatted, e.g. "(555)-201-3344". */
  customerPhone?: string
  storeName: string
  /** IANA. */
  storeTimeZone: string
  aiEnabled: boolean
  dtDialogEnabled: boolean
  conversationClosed: boolean
  canSend: boolean
  userName?: string
}

/** GET /servicedealroom/conversationHistory → 200: the same messages as the staff conversation history. */
export type DealRoomMessage = components['schemas']['MessageView']
export type DealRoomConversation = DealRoomMessage[]

/** GET /servicedealroom/assistantList → 200. */
export type DealRoomAssistant = components['schemas']['AssistantView']

/** POST /servicedealroom/send body (the link's query on the URL); → 200 the stored message, 403 when the page may not send. */
export interface DealRoomSendBody {
  content: string
  messageType?: 'SMS' | 'EMAIL'
  subject?: string
}

/** GET /api/email/autoResponse query. */
export interface EmailAutoResponseQuery {
  token: string
  from: string
  to: string
  subject: string
  message: string
  key: string
}

/** GET /api/email/autoResponse → 200 ("Thanks for your response!"); 400/403/429 `{message}` otherwise. */
export interface EmailAutoResponseResult {
  message: string
}

/** POST /api/future-service-interaction/{id}/links → 200 (staff): full URLs and their expiry (ISO). */
export interface LeadLinks {
  dealRoomUrl: string
  dealRoomExpiresAt: string
  landingUrl: string
  landingExpiresAt: string
}
