import { useRef, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { Popover } from '../../../components/popover/popover'
import type { MessageView } from '../../../lib/message-events'
import { useEnableLogMode } from '../api/enable-log-mode'
import { ActionIntentsPopover, ACTION_INTENTS_TITLE, DEFAULT_ACTION_INTENTS_TITLE } from './action-intents-popover'
import { APPOINTMENT_SEARCH_TITLE } from './appointment-search-dialog'
import { hasOptions, messageOptions, optionsTone, type LeadSwitches } from './conversation-model'
import { useHandoffMenu } from './handoff-menu'
import { IntentDetailsDialog } from './intent-details-dialog'
import { ResponseTimeForm } from './response-time-form'
import { dtForceMessage, useDtDialogue } from './use-dt-dialogue'

/** The DT badge's accessible names: what it shows and what a click does. */
export const DT_OFF_LABEL = 'Date Time Dialogue off — start'
export const DT_ON_LABEL = 'Date Time Dialogue on — stop'

export interface MessageOptionsProps {
  leadId: number
  message: MessageView
  /** The conversation's lead (DT and the action intents follow its switches); unknown while it loads. */
  lead?: LeadSwitches
  /** Hide DT (the spec's `noDt`). */
  noDt?: boolean
  timeZone?: string
  /** Asks to archive the message (the chat box confirms first). */
  onArchive: (messageId: number) => void
  /** Offers Appointment Search on the text selected in the message (messages with a text body). */
  appointmentSearch?: OptionsAppointmentSearch
}

export interface OptionsAppointmentSearch {
  /** The text selected inside the message now ('' for none). */
  selectedText: () => string
  /** Opens Appointment Search on `text`, hanging off `from`; '' says text must be selected (B-R12). */
  open: (text: string, from: HTMLElement) => void
}

type View = 'closed' | 'menu' | 'response-time' | 'intents' | 'action-intents' | 'default-action-intents'

/**
 * The per-message options menu (spec sections 2 and 6; SUPER_DATA_ADMIN and
 * SUPER_USER only): a three-dot icon — green, amber for notes, dark if
 * archived — opening a popover titled Options. Messages with selectable text
 * also offer Appointment Search on the text selected in them.
 */
export function MessageOptions({ leadId, message, lead, noDt = false, timeZone, onArchive, appointmentSearch }: MessageOptionsProps) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [view, setView] = useState<View>('closed')
  // The selection as the button was pressed (pressing may clear it), then as the menu opened.
  const pressedSelection = useRef('')
  const [selectedText, setSelectedText] = useState('')
  const logMode = useEnableLogMode()
  const dt = useDtDialogue({ leadId, on: lead?.dtDialogEnabled === true, lastMessage: message.content })
  const options = messageOptions(message, { lead, noDt })
  const close = () => setView('closed')
  /** Closes what is open and gives focus back to the options button. */
  const closeAndFocus = () => {
    close()
    if (anchor?.isConnected) anchor.focus()
  }
  const handoffMenu = useHandoffMenu({ leadId, lead: lead ?? { aiEnabled: false, dtDialogEnabled: false }, onPick: close, onDone: closeAndFocus })
  if (!hasOptions(options) && !appointmentSearch) return null

  const item = (label: string, next: View) => (
    <button type="button" role="menuitem" className="popover__item" onClick={() => setView(next)}>
      {label}
    </button>
  )

  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        className={`options-button options-button--${optionsTone(message)}`}
        aria-label="Message options"
        aria-haspopup="menu"
        aria-expanded={view !== 'closed'}
        data-testid="message-options"
        onPointerDown={() => {
          pressedSelection.current = appointmentSearch?.selectedText() ?? ''
        }}
        onClick={() => {
          if (view === 'closed') setSelectedText(pressedSelection.current || (appointmentSearch?.selectedText() ?? ''))
          pressedSelection.current = ''
          setView(view === 'closed' ? 'menu' : 'closed')
        }}
      >
        ⋮
      </button>
      {anchor && view === 'menu' ? (
        <Popover anchor={anchor} label="Options" title="Options" role="menu" className="popover--menu" onClose={close}>
          {options.logMode ? (
            <button
              type="button"
              role="menuitem"
              className="popover__item"
              disabled={logMode.isPending}
              onClick={() => logMode.mutate({ leadId, messageId: message.id }, { onSettled: close })}
            >
              Log mode
            </button>
          ) : null}
          {options.intents ? item('Show Intents', 'intents') : null}
          {options.dt ? (
            <button
              type="button"
              role="menuitem"
              className="popover__item popover__item--dt"
              disabled={dt.pending}
              data-testid="dt-toggle"
              data-dt={dt.on ? 'on' : 'off'}
              onClick={() => dt.toggle(closeAndFocus)}
            >
              DT
              <span
                role="img"
                className={`dt-badge dt-badge--${dt.on ? 'on' : 'off'}`}
                aria-label={dt.on ? DT_ON_LABEL : DT_OFF_LABEL}
                title={dt.on ? DT_ON_LABEL : DT_OFF_LABEL}
              />
            </button>
          ) : null}
          {options.responseTime ? item('Set Response Time', 'response-time') : null}
          {options.archive ? (
            <button
              type="button"
              role="menuitem"
              className="popover__item"
              onClick={() => {
                close()
                onArchive(message.id)
              }}
            >
              Archive
            </button>
          ) : null}
          {options.actionIntents ? item(ACTION_INTENTS_TITLE, 'action-intents') : null}
          {options.actionIntents ? item(DEFAULT_ACTION_INTENTS_TITLE, 'default-action-intents') : null}
          {options.handoffs && lead ? handoffMenu.items : null}
          {appointmentSearch ? (
            <button
              type="button"
              role="menuitem"
              className="popover__item"
              aria-haspopup="dialog"
              onClick={() => {
                closeAndFocus()
                appointmentSearch.open(selectedText, anchor)
              }}
            >
              {APPOINTMENT_SEARCH_TITLE}
            </button>
          ) : null}
        </Popover>
      ) : null}
      {anchor && view === 'response-time' ? (
        <Popover anchor={anchor} label="Set Response Time" title="Set Response Time" onClose={close}>
          <ResponseTimeForm leadId={leadId} message={message} timeZone={timeZone} onDone={close} />
        </Popover>
      ) : null}
      {anchor && (view === 'action-intents' || view === 'default-action-intents') ? (
        <ActionIntentsPopover
          anchor={anchor}
          leadId={leadId}
          messageId={message.id}
          isDefault={view === 'default-action-intents'}
          onClose={close}
          onDone={closeAndFocus}
        />
      ) : null}
      {view === 'intents' ? <IntentDetailsDialog leadId={leadId} messageId={message.id} onClose={closeAndFocus} /> : null}
      {handoffMenu.dialog}
      {dt.refusal !== null ? (
        <ConfirmDialog
          open
          header="Date Time Dialogue"
          message={dtForceMessage(dt.refusal)}
          confirmText="Yes"
          cancelText="No"
          loading={dt.pending}
          onCancel={() => {
            dt.dismiss()
            closeAndFocus()
          }}
          onConfirm={() => dt.force(closeAndFocus)}
        />
      ) : null}
    </>
  )
}
