import { useState, type ReactNode } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { HANDOFFS, useHandOff, type HandoffKind } from '../api/hand-off'
import { useSwitchAssistant } from '../api/switch-assistant'
import type { LeadSwitches } from './conversation-model'

export interface HandoffMenu {
  /** The menu items: GM Handoff, Manual Handoff and the lead's AI switch. */
  items: ReactNode
  /** The handoff's confirmation, while one is asked. */
  dialog: ReactNode
}

/**
 * The handoffs staff start (spec I-R7) and the lead's AI switch, as items of an
 * options menu: a handoff is confirmed first; `onDone` closes the menu and gives
 * focus back once an item has done its work (or was cancelled), `onPick` closes
 * the menu as an item opens its confirmation.
 */
export function useHandoffMenu({ leadId, lead, onPick, onDone }: { leadId: number; lead: LeadSwitches; onPick: () => void; onDone: () => void }): HandoffMenu {
  const handOff = useHandOff()
  const switchAssistant = useSwitchAssistant()
  // The handoff waiting for its confirmation.
  const [asked, setAsked] = useState<HandoffKind | null>(null)
  const items = (
    <>
      {(Object.keys(HANDOFFS) as HandoffKind[]).map((kind) => (
        <button
          key={kind}
          type="button"
          role="menuitem"
          className="popover__item"
          aria-haspopup="dialog"
          onClick={() => {
            onPick()
            setAsked(kind)
          }}
        >
          {HANDOFFS[kind].label}
        </button>
      ))}
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={lead.aiEnabled}
        className="popover__item"
        disabled={switchAssistant.isPending}
        onClick={() => switchAssistant.mutate({ leadId, aiEnabled: !lead.aiEnabled }, { onSettled: onDone })}
      >
        AI {lead.aiEnabled ? 'on' : 'off'}
      </button>
    </>
  )
  const dialog =
    asked === null ? null : (
      <ConfirmDialog
        open
        header={HANDOFFS[asked].label}
        message={
          asked === 'gm'
            ? 'Hand this conversation to the general manager? The assistant stops texting this customer.'
            : 'Take this conversation over? The assistant stops texting this customer.'
        }
        confirmText="Hand off"
        loading={handOff.isPending}
        onCancel={() => {
          setAsked(null)
          onDone()
        }}
        onConfirm={() =>
          handOff.mutate(
            { leadId, kind: asked },
            {
              onSettled: () => {
                setAsked(null)
                onDone()
              },
            },
          )
        }
      />
    )
  return { items, dialog }
}
