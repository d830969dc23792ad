/**
 * Message and lead events of the realtime stream:
 * - `message` (the SSE default name) `{type: "message.created" | "message.status", message}`;
 * - `event: lead` `{type: "lead.counts" | "APPOINTMENT_BOOKED", lead}` with a lead's
 *   conversation counters (and, for a booking, its appointment flag and insight).
 */
import type { ApiResponse } from './api-types'
import { realtime, subscribeParsed, type RealtimeClient, type RealtimeEvent } from './realtime'

/** A message as the conversation screens and the stream show it. */
export type MessageView = ApiResponse<'/api/svc-message-instance/conversation-history', 'get'>[number]

export type MessageEventType = 'message.created' | 'message.status'

export interface MessageEvent {
  type: MessageEventType
  message: MessageView
}

/** A lead's counters after a change (`lead.counts`). */
export interface LeadCounts {
  id: number
  storeId?: number
  serviceType?: string
  totalInboundCount?: number
  totalUnreadCount: number
  latestMessage?: string
  lastMessageReceivedDate?: string
  responseReqd?: boolean
  responseInsight?: string | null
  appointmentSet?: boolean
  appointmentId?: number | null
  /** The lead's stage (INITIATED … APPOINTMENT_SET) and its outcome. */
  status?: string
  outcome?: string | null
}

/** The fields of a lead that `lead.counts` events carry. */
export type LeadCountFields = Pick<LeadCounts, 'totalUnreadCount' | 'totalInboundCount' | 'latestMessage' | 'lastMessageReceivedDate' | 'responseReqd'>

/**
 * The lead (as any screen keeps it) with the counters of a `lead.counts` event; the rest is
 * kept. The appointment flag, its id, the insight, the stage and its outcome are applied where
 * the lead has them.
 */
export function applyLeadCounts<T extends LeadCountFields>(lead: T, counts: LeadCounts): T {
  const booking: Record<string, unknown> = {}
  if (counts.appointmentSet !== undefined && 'appointmentSet' in lead) booking.appointmentSet = counts.appointmentSet
  if (counts.appointmentId !== undefined && 'appointmentId' in lead) booking.appointmentId = counts.appointmentId
  if (counts.responseInsight !== undefined && 'responseInsight' in lead) booking.responseInsight = counts.responseInsight
  // A booking moves the stage (APPOINTMENT_SET) and may clear the outcome.
  if (counts.status !== undefined) {
    if ('status' in lead) booking.status = counts.status
    if ('outcome' in lead) booking.outcome = counts.outcome ?? undefined
  }
  return {
    ...lead,
    ...booking,
    totalUnreadCount: counts.totalUnreadCount,
    totalInboundCount: counts.totalInboundCount ?? lead.totalInboundCount,
    latestMessage: counts.latestMessage ?? lead.latestMessage,
    lastMessageReceivedDate: counts.lastMessageReceivedDate ?? lead.lastMessageReceivedDate,
    responseReqd: counts.responseReqd ?? lead.responseReqd,
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object'
}

function optionalNumber(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'number'
}

/** The message event, or null for anything else. */
export function parseMessageEvent(event: RealtimeEvent): MessageEvent | null {
  if (event.event !== 'message' || !isObject(event.data)) return null
  const { type, message } = event.data
  if ((type !== 'message.created' && type !== 'message.status') || !isObject(message)) return null
  const valid =
    typeof message.id === 'number' &&
    typeof message.direction === 'string' &&
    optionalNumber(message.customerId) &&
    optionalNumber(message.jaguarFutureServiceInteractionId)
  return valid ? { type, message: message as unknown as MessageView } : null
}

/** The lead counters of a `lead.counts` or `APPOINTMENT_BOOKED` event, or null for anything else. */
export function parseLeadEvent(event: RealtimeEvent): LeadCounts | null {
  if (event.event !== 'lead' || !isObject(event.data)) return null
  if (event.data.type !== 'lead.counts' && event.data.type !== 'APPOINTMENT_BOOKED') return null
  const lead = event.data.lead
  if (!isObject(lead) || typeof lead.id !== 'number' || typeof lead.totalUnreadCount !== 'number') return null
  return lead as unknown as LeadCounts
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

/** Like `subscribeMessages`, for `lead.counts` events. */
export function subscribeLeadCounts(
  onLead: (lead: LeadCounts) => void,
  onResync: () => void,
  client: RealtimeClient = realtime,
): () => void {
  return subscribeParsed(parseLeadEvent, onLead, onResync, client)
}
