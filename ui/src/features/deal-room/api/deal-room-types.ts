/** The signed-link pages' calls' types, from the OpenAPI document. */
import type { ApiQuery, ApiRequestBody, ApiResponse } from '../../../lib/api-types'

/**
 * The query every public deal-room call carries: the signed link's own
 * parameters (the lead, the staff member and the signature).
 */
export type DealRoomLink = ApiQuery<'/servicedealroom/future-service-interaction', 'get'>

/** GET /servicedealroom/future-service-interaction → 200: the customer, the store, whether the page may send. */
export type DealRoomLead = ApiResponse<'/servicedealroom/future-service-interaction', 'get'>

/** GET /servicedealroom/conversationHistory → 200: the same messages as the staff conversation history. */
export type DealRoomConversation = ApiResponse<'/servicedealroom/conversationHistory', 'get'>
export type DealRoomMessage = DealRoomConversation[number]

/** GET /servicedealroom/assistantList → 200. */
export type DealRoomAssistant = ApiResponse<'/servicedealroom/assistantList', 'get'>[number]

/** POST /servicedealroom/send body (the link's query on the URL); → 200 the stored message, 403 when the page may not send. */
export type DealRoomSendBody = ApiRequestBody<'/servicedealroom/send', 'post'>

/** GET /api/email/autoResponse query. */
export type EmailAutoResponseQuery = ApiQuery<'/api/email/autoResponse', 'get'>

/** GET /api/email/autoResponse → 200 ("Thanks for your response!"); 400/403/429 `{message}` otherwise. */
export type EmailAutoResponseResult = ApiResponse<'/api/email/autoResponse', 'get'>

/** POST /api/future-service-interaction/{id}/links → 200 (staff): full URLs and their expiry (ISO). */
export type LeadLinks = ApiResponse<'/api/future-service-interaction/{futureServiceInteractionId}/links', 'post'>
