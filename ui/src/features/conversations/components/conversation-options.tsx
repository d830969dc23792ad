import { useState } from 'react'
import { Popover } from '../../../components/popover/popover'
import type { LeadSwitches } from './conversation-model'
import { useHandoffMenu } from './handoff-menu'

export interface ConversationOptionsProps {
  leadId: number
  lead: LeadSwitches
  /** After an option has done its work: the page fetches what it shows again. */
  onChanged?: () => void
}

/**
 * A conversation's own options (spec G-S5, I-S2): the handoffs staff start and
 * the lead's AI switch, for a staff member on a page that shows one
 * conversation (the deal room), where there is no chat box header.
 */
export function ConversationOptions({ leadId, lead, onChanged }: ConversationOptionsProps) {
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
        className="btn btn--small"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="conversation-options"
        onClick={() => setOpen(!open)}
      >
        Options
      </button>
      {open && anchor ? (
        <Popover anchor={anchor} label="Conversation options" title="Options" role="menu" className="popover--menu" onClose={close}>
          {menu.items}
        </Popover>
      ) : null}
      {menu.dialog}
    </>
  )
}
