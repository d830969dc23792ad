import { useState } from 'react'
import { Popover } from '../../../components/popover/popover'
import { downloadTranscript } from '../api/download-transcript'
import type { LeadSwitches } from './conversation-model'
import { useHandoffMenu } from './handoff-menu'

export interface ConversationOptionsProps {
  leadId: number
  lead: LeadSwitches
  /** After an option has done its work: the page fetches what it shows again. */
  onChanged?: () => void
  /** Offer the conversation's transcript as a file (staff screens). */
  transcript?: boolean
  /** The button's look: a chat box header's icon, or a page's small button. */
  compact?: boolean
}

/**
 * A conversation's own options (spec G-S5, I-S2): the handoffs staff start, the
 * lead's AI switch and (on staff screens) the transcript, in a chat box's header
 * or on a page that shows one conversation (the deal room).
 */
export function ConversationOptions({ leadId, lead, onChanged, transcript = false, compact = false }: ConversationOptionsProps) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  const closeAndFocus = () => {
    close()
    onChanged?.()
    if (anchor?.isConnected) anchor.focus()
  }
  const menu = useHandoffMenu({ leadId, lead, onPick: close, onDone: closeAndFocus })
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
          {transcript ? (
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
    </>
  )
}
