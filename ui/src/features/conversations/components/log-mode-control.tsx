import { useState } from 'react'
import { Popover } from '../../../components/popover/popover'
import type { MessageView } from '../../../lib/message-events'
import { useSetLogModeValidity } from '../api/set-log-mode-validity'
import { logModeControl } from './conversation-model'

/** The options popover's cross and check. */
const CHOICES = [
  { isValid: false, glyph: '✕', label: 'Mark log mode invalid' },
  { isValid: true, glyph: '✓', label: 'Mark log mode valid' },
] as const

export interface LogModeControlProps {
  leadId: number
  message: Pick<MessageView, 'id' | 'logMode' | 'validLogMode' | 'direction'>
}

/**
 * The log-mode control of a log-mode customer message (spec sections 2 and 4):
 * undecided, only the check; marked valid, the pencil; marked invalid, the
 * pencil and the check. The check and the pencil open the options popover whose
 * cross and check mark the handling invalid or valid; beside an invalid mark
 * the check marks it valid at once.
 */
export function LogModeControl({ leadId, message }: LogModeControlProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const validity = useSetLogModeValidity()
  const control = logModeControl(message)
  if (!control) return null

  const mark = (isValid: boolean) => validity.mutate({ leadId, messageId: message.id, isValid }, { onSettled: () => setAnchor(null) })

  return (
    <span className="log-mode" data-testid="log-mode" data-valid={control.valid === null ? 'pending' : String(control.valid)}>
      <span className="log-mode__label">Log mode</span>
      {control.valid === true ? <span className="log-mode__mark log-mode__mark--valid">Valid</span> : null}
      {control.valid === false ? <span className="log-mode__mark log-mode__mark--invalid">Invalid</span> : null}
      {control.pencil ? (
        <button
          type="button"
          className="log-mode__button log-mode__button--pencil"
          aria-label="Edit log mode"
          title="Edit"
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          ✎
        </button>
      ) : null}
      {control.check ? (
        <button
          type="button"
          className="log-mode__button log-mode__button--check"
          aria-label={control.valid === false ? 'Mark log mode valid' : 'Review log mode'}
          title={control.valid === false ? 'Mark valid' : 'Review'}
          aria-haspopup={control.valid === false ? undefined : 'menu'}
          disabled={validity.isPending}
          onClick={(event) => (control.valid === false ? mark(true) : setAnchor(event.currentTarget))}
        >
          ✓
        </button>
      ) : null}
      {anchor ? (
        <Popover anchor={anchor} label="Log mode" title="Options" role="menu" className="popover--menu" onClose={() => setAnchor(null)}>
          <div className="log-mode__choices">
            {CHOICES.map((choice) => (
              <button
                key={choice.label}
                type="button"
                role="menuitem"
                className={`log-mode__choice log-mode__choice--${choice.isValid ? 'valid' : 'invalid'}`}
                aria-label={choice.label}
                disabled={validity.isPending}
                onClick={() => mark(choice.isValid)}
              >
                {choice.glyph}
              </button>
            ))}
          </div>
        </Popover>
      ) : null}
    </span>
  )
}
