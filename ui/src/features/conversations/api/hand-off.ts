import { useConversationMutation, type InConversation } from './conversation-mutation'
import { postTrack, type TrackResult } from './workflow-track'

/**
 * The handoffs staff start (spec I-R7): to the general manager about a customer's question
 * (the GM handoff's track with parameter CQ), or taken over by hand (the customer handoff).
 */
export const HANDOFFS = {
  gm: { label: 'GM Handoff', track: 'CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK', parameter: 'CQ', done: 'Handed to the general manager' },
  manual: { label: 'Manual Handoff', track: 'CUSTOMER_A_HANDOFF', parameter: undefined, done: 'Handed to staff: the assistant is off' },
} as const

export type HandoffKind = keyof typeof HANDOFFS

export interface HandOff extends InConversation {
  kind: HandoffKind
}

/** POST workflow/track?id=&track=[&parameter=CQ] — the server hands the conversation over as the assistant does. */
export function handOff({ leadId, kind }: HandOff): Promise<TrackResult> {
  const { track, parameter } = HANDOFFS[kind]
  return postTrack({ leadId, track, parameter })
}

/** Both handoffs refresh the conversation and the lead (its assistant is off after). */
export function useHandOff() {
  return useConversationMutation(handOff, (_, { kind }) => HANDOFFS[kind].done, { refetchLead: true })
}
