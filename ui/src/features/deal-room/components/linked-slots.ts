import type { ComponentType } from 'react'
import type { DealRoomMessage } from '../api/deal-room-types'

/**
 * What the signed-link pages give the conversation log they show (the
 * conversations feature's, plugged in by the route so that neither feature
 * imports the other).
 */
export interface LinkedLogProps {
  leadId: number
  messages: readonly DealRoomMessage[] | undefined
  isPending: boolean
  error: { text: string; retry?: () => void } | null
  timeZone?: string
  lead?: { aiEnabled: boolean; dtDialogEnabled: boolean }
  /** The visitor also has a staff session: the staff options may show. */
  staff: boolean
}

/** What the deal room gives the template picker a staff visitor sees (plugged in by the route). */
export interface LinkedTemplatesProps {
  leadId: number
  /** The applied template's text for the editor. */
  onApply: (text: string) => void
}

/** What the deal room gives the conversation's options a staff visitor gets (plugged in by the route). */
export interface LinkedOptionsProps {
  leadId: number
  lead: { aiEnabled: boolean; dtDialogEnabled: boolean }
  /** After an option has done its work (the room fetches its lead and conversation again). */
  onChanged: () => void
}

export type LinkedLog = ComponentType<LinkedLogProps>
export type LinkedOptions = ComponentType<LinkedOptionsProps>
export type LinkedTemplates = ComponentType<LinkedTemplatesProps>
