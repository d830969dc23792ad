import { useState } from 'react'
import { notifyApiError } from '../../../lib/api-client'
import { useDisableDtDialogue } from '../api/disable-dt-dialogue'
import { dtDialogueRefusal, useResumeDtDialogue } from '../api/resume-dt-dialogue'

/** The confirm pop-up's question after a refusal (spec section 4). */
export const DT_FORCE_QUESTION = 'Do you want to send the Date Time Dialogue anyway?'

export interface DtDialogueInput {
  leadId: number
  /** Whether the dialogue runs (the lead's `dtDialogEnabled`): the badge is red. */
  on: boolean
  /** What the assistant answers when it starts: the content of the message DT was clicked on. */
  lastMessage: string
}

/**
 * The DT badge (spec section 4). Green (off): start the dialogue on the clicked message;
 * when the server refuses, its first error text is kept for a Yes / No confirm pop-up, whose
 * Yes starts it anyway (`isForced`). Red (on): switch it off.
 */
export function useDtDialogue({ leadId, on, lastMessage }: DtDialogueInput) {
  const resume = useResumeDtDialogue()
  const disable = useDisableDtDialogue()
  /** The server's reason for refusing, which the confirm pop-up quotes; null when none is asked. */
  const [refusal, setRefusal] = useState<string | null>(null)

  const start = (isForced: boolean, onSettled?: () => void) =>
    resume.mutate(
      { leadId, lastMessage, isForced },
      {
        onSuccess: () => setRefusal(null),
        onError: (error) => {
          const reason = dtDialogueRefusal(error)
          if (reason !== null && !isForced) {
            setRefusal(reason)
            return
          }
          setRefusal(null)
          notifyApiError(error)
        },
        onSettled,
      },
    )

  return {
    on,
    pending: resume.isPending || disable.isPending,
    refusal,
    /** The badge's click; `onSettled` runs once the server has answered. */
    toggle: (onSettled?: () => void) => (on ? disable.mutate({ leadId }, { onSettled }) : start(false, onSettled)),
    /** The pop-up's Yes. */
    force: (onSettled?: () => void) => start(true, onSettled),
    /** The pop-up's No. */
    dismiss: () => setRefusal(null),
  }
}

/** The confirm pop-up's text: the server's reason, then the question. */
export function dtForceMessage(refusal: string): string {
  const reason = refusal.trim()
  if (reason === '') return DT_FORCE_QUESTION
  return `${/[.!?]$/.test(reason) ? reason : `${reason}.`} ${DT_FORCE_QUESTION}`
}
