import { useState } from 'react'
import { Popover } from '../../../components/popover/popover'
import type { MessageView } from '../../../lib/message-events'
import { useEnableLogMode } from '../api/enable-log-mode'
import { hasOptions, messageOptions, optionsTone } from './conversation-model'
import { IntentDetailsDialog } from './intent-details-dialog'
import { ResponseTimeForm } from './response-time-form'

export interface MessageOptionsProps {
  leadId: number
  message: MessageView
  timeZone?: string
  /** Asks to archive the message (the chat box confirms first). */
  onArchive: (messageId: number) => void
}

/**
 * The per-message options menu (spec sections 2 and 6; SUPER_DATA_ADMIN and
 * SUPER_USER only): a three-dot icon — green, amber for notes, dark if
 * archived — opening a popover titled Options.
 */
export function MessageOptions({ leadId, message, timeZone, onArchive }: MessageOptionsProps) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [view, setView] = useState<'closed' | 'menu' | 'response-time' | 'intents'>('closed')
  const logMode = useEnableLogMode()
  const options = messageOptions(message)
  if (!hasOptions(options)) return null
  const close = () => setView('closed')

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
        onClick={() => setView(view === 'closed' ? 'menu' : 'closed')}
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
          {options.intents ? (
            <button type="button" role="menuitem" className="popover__item" onClick={() => setView('intents')}>
              Show Intents
            </button>
          ) : null}
          {options.responseTime ? (
            <button type="button" role="menuitem" className="popover__item" onClick={() => setView('response-time')}>
              Set Response Time
            </button>
          ) : null}
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
        </Popover>
      ) : null}
      {anchor && view === 'response-time' ? (
        <Popover anchor={anchor} label="Set Response Time" title="Set Response Time" onClose={close}>
          <ResponseTimeForm leadId={leadId} message={message} timeZone={timeZone} onDone={close} />
        </Popover>
      ) : null}
      {view === 'intents' ? (
        <IntentDetailsDialog
          leadId={leadId}
          messageId={message.id}
          onClose={() => {
            close()
            if (anchor?.isConnected) anchor.focus()
          }}
        />
      ) : null}
    </>
  )
}
