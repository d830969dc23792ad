import { apiRequest } from '../../../lib/api-client'
import type { ApiResponse } from '../../../lib/api-types'
import { useConversationMutation, type InConversation } from './conversation-mutation'

const PATH = '/api/future-service-interaction/workflow/track'

export type TrackResult = ApiResponse<typeof PATH, 'post'>

export interface PostTrack extends InConversation {
  /** The spec's track code. */
  track: string
  parameter?: string
}

/** POST workflow/track?id=&track=[&parameter=] — a workflow track on the lead; the server applies what it means. */
export function postTrack({ leadId, track, parameter }: PostTrack): Promise<TrackResult> {
  return apiRequest<TrackResult>(PATH, { method: 'POST', query: { id: leadId, track, parameter } })
}

/** Tracks staff post on a lead from its options (spec section 4), with what the toast says. */
export const LEAD_TRACKS = {
  noShow: { label: 'No-show', track: 'CUSTOMER_NO_SHOW', done: 'Marked a no-show' },
  emailFollowUp: { label: 'E-mail follow-up', track: 'FOLLOW_UP_EMAIL', done: 'E-mail follow-up started' },
} as const

export type LeadTrack = keyof typeof LEAD_TRACKS

/** A lead track from the options: its toast, and the conversation and the lead fetched again. */
export function useLeadTrack() {
  return useConversationMutation(
    ({ leadId, kind }: InConversation & { kind: LeadTrack }) => postTrack({ leadId, track: LEAD_TRACKS[kind].track }),
    (_, { kind }) => LEAD_TRACKS[kind].done,
    { refetchLead: true },
  )
}
