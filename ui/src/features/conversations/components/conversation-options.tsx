import { useState } from 'react'
import { Popover } from '../../../components/popover/popover'
import { useSession } from '../../../lib/session'
import { useCloseConversation } from '../api/close-conversation'
import { downloadTranscript } from '../api/download-transcript'
import { LEAD_TRACKS, useLeadTrack, type LeadTrack } from '../api/workflow-track'
import type { LeadSwitches } from './conversation-model'
import { useHandoffMenu } from './handoff-menu'
import { InboundAppointmentDialog } from './inbound-appointment-dialog'
import { LogCallDialog } from './log-call-dialog'

export interface ConversationOptionsProps {
  leadId: number
  /** The lead's switches; `conversationClosed` where the screen knows it. */
  lead: LeadSwitches & { conversationClosed?: boolean }
  /** After an option has done its work: the page fetches what it shows again. */
  onChanged?: () => void
  /**
   * Staff screens: the lead's own tools too (close or reopen the conversation,
   * no-show, e-mail follow-up, the transcript as a file).
   */
  leadTools?: boolean
  /** The button's look: a chat box header's icon, or a page's small button. */
  compact?: boolean
}

/**
 * A conversation's own options (spec G-S5, I-S2, section 4's lead toggles): the
 * handoffs staff start, the lead's AI switch, the inbound-appointment view (for
 * those the server gives it) and, on staff screens, the lead's tools, in a chat
 * box's header or on a page that shows one conversation (the deal room).
 */
export function ConversationOptions({ leadId, lead, onChanged, leadTools = false, compact = false }: ConversationOptionsProps) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  const closeAndFocus = () => {
    close()
    onChanged?.()
    if (anchor?.isConnected) anchor.focus()
  }
  const menu = useHandoffMenu({ leadId, lead, onPick: close, onDone: closeAndFocus })
  const closeConversation = useCloseConversation()
  const leadTrack = useLeadTrack()
  // Calls are logged by users with calling on (their flag; the server refuses the others).
  const user = useSession()
  const calling = leadTools && (user?.callingFeature ?? false)
  const [loggingCall, setLoggingCall] = useState(false)
  // The inbound-appointment view: the server's rule, announced at log-in (decision 0022).
  const inbound = user?.access.inboundView ?? false
  const [recordingInbound, setRecordingInbound] = useState(false)
  const refocus = () => {
    if (anchor?.isConnected) anchor.focus()
  }
  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        className={compact ? 'chat-box__action' : 'btn btn--small'}
        aria-label={compact ? 'Conversation options' : undefined}
        title={compact ? 'Handoffs, AI switch, transcript' : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="conversation-options"
        onClick={() => setOpen(!open)}
      >
        {compact ? '⋯' : 'Options'}
      </button>
      {open && anchor ? (
        <Popover anchor={anchor} label="Conversation options" title="Options" role="menu" className="popover--menu" onClose={close}>
          {menu.items}
          {leadTools && lead.conversationClosed !== undefined ? (
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={lead.conversationClosed}
              className="popover__item"
              disabled={closeConversation.isPending}
              onClick={() =>
                closeConversation.mutate({ leadId, conversationClosed: !lead.conversationClosed }, { onSettled: closeAndFocus })
              }
            >
              Conversation {lead.conversationClosed ? 'closed' : 'open'}
            </button>
          ) : null}
          {leadTools
            ? (Object.keys(LEAD_TRACKS) as LeadTrack[]).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  role="menuitem"
                  className="popover__item"
                  disabled={leadTrack.isPending}
                  onClick={() => leadTrack.mutate({ leadId, kind }, { onSettled: closeAndFocus })}
                >
                  {LEAD_TRACKS[kind].label}
                </button>
              ))
            : null}
          {calling ? (
            <button
              type="button"
              role="menuitem"
              className="popover__item"
              aria-haspopup="dialog"
              onClick={() => {
                close()
                setLoggingCall(true)
              }}
            >
              Log a call…
            </button>
          ) : null}
          {inbound ? (
            <button
              type="button"
              role="menuitem"
              className="popover__item"
              aria-haspopup="dialog"
              onClick={() => {
                close()
                setRecordingInbound(true)
              }}
            >
              Inbound appointment…
            </button>
          ) : null}
          {leadTools ? (
            <button
              type="button"
              role="menuitem"
              className="popover__item"
              onClick={() => {
                closeAndFocus()
                // A failure has raised its notice (api-client).
                downloadTranscript(leadId).catch(() => undefined)
              }}
            >
              Download transcript
            </button>
          ) : null}
        </Popover>
      ) : null}
      {menu.dialog}
      {calling && loggingCall ? (
        <LogCallDialog
          leadId={leadId}
          onClose={() => {
            setLoggingCall(false)
            refocus()
          }}
        />
      ) : null}
      {inbound && recordingInbound ? (
        <InboundAppointmentDialog
          leadId={leadId}
          onRecorded={onChanged}
          onClose={() => {
            setRecordingInbound(false)
            refocus()
          }}
        />
      ) : null}
    </>
  )
}
