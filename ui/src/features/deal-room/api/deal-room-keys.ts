import type { DealRoomLink } from './deal-room-types'

/** Query keys of the signed-link pages; everything under `['deal-room']`. */
export const dealRoomKeys = {
  all: ['deal-room'] as const,
  lead: (link: DealRoomLink) => ['deal-room', 'lead', link.futureServiceInteractionId, link.userMasterId, link.token] as const,
  history: (link: DealRoomLink) => ['deal-room', 'history', link.futureServiceInteractionId, link.userMasterId, link.token] as const,
  assistants: (link: DealRoomLink) => ['deal-room', 'assistants', link.futureServiceInteractionId, link.userMasterId, link.token] as const,
  autoResponse: (query: object) => ['deal-room', 'email-auto-response', query] as const,
}
