import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Popover } from '../../../components/popover/popover'
import { ApiError } from '../../../lib/api-client'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { useActOnIntent } from '../api/act-on-intent'
import { useActionIntents, type ActionIntentChoice } from '../api/get-action-intents'

export const ACTION_INTENTS_TITLE = 'Action Intents'
export const DEFAULT_ACTION_INTENTS_TITLE = 'Default Action Intents'
/** Spec section 5: Save needs a choice. */
export const NO_INTENT_TEXT = 'Please select an intent'

/** Placeholder rows while the choices load, in the list's own box so that nothing moves when they arrive. */
const SKELETON_ROWS = 4

interface ActionIntentsFormProps {
  leadId: number
  /** The customer message. */
  messageId: number
  /** Default Action Intents (every label) rather than Action Intents (the intents found in the message). */
  isDefault: boolean
  /** Saved or cancelled. */
  onDone: () => void
}

export interface ActionIntentsPopoverProps extends ActionIntentsFormProps {
  /** The options button. */
  anchor: HTMLElement
  /** Escape or a click outside (the popover gives focus back itself). */
  onClose: () => void
}

interface ChoiceProps {
  choice: ActionIntentChoice
  /** The radio group's name. */
  name: string
  checked: boolean
  onChange: () => void
}

/** One choice: the intent's name in bold, its meaning beside it, and what acting on it does in small text. */
function Choice({ choice, name, checked, onChange }: ChoiceProps) {
  return (
    <label className="action-intents__choice" data-testid="action-intent-choice">
      <input type="radio" name={name} value={choice.intentName} checked={checked} onChange={onChange} />
      <span className="action-intents__text">
        <strong>{choice.intentName}</strong> <span className="action-intents__meaning">{choice.meaning}</span>
        {choice.effects.length > 0 ? <small className="action-intents__effects">{choice.effects.join(' · ')}</small> : null}
      </span>
    </label>
  )
}

/**
 * The Action Intents and Default Action Intents popovers (spec sections 2 and 5): one intent
 * of a customer message to act on, chosen from a radio list (name, meaning, effects); Save
 * needs a choice. Enter saves; Escape closes.
 */
export function ActionIntentsPopover({ anchor, onClose, ...form }: ActionIntentsPopoverProps) {
  const title = form.isDefault ? DEFAULT_ACTION_INTENTS_TITLE : ACTION_INTENTS_TITLE
  return (
    <Popover anchor={anchor} label={title} title={title} className="popover--intents" onClose={onClose}>
      <ActionIntentsForm {...form} />
    </Popover>
  )
}

function ActionIntentsForm({ leadId, messageId, isDefault, onDone }: ActionIntentsFormProps) {
  const title = isDefault ? DEFAULT_ACTION_INTENTS_TITLE : ACTION_INTENTS_TITLE
  const choices = useActionIntents({ leadId, messageId })
  const act = useActOnIntent()
  const [chosen, setChosen] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const id = useId()
  const listRef = useRef<HTMLDivElement>(null)
  const list = choices.data ? (isDefault ? choices.data.defaultActionIntents : choices.data.actionIntents) : undefined
  const loaded = list !== undefined

  // Once the choices arrive, the first one takes focus (the popover gave it to Cancel meanwhile).
  useEffect(() => {
    if (!loaded) return
    const form = listRef.current?.closest('form')
    if (form && form.contains(document.activeElement) && !(document.activeElement instanceof HTMLInputElement)) {
      listRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus()
    }
  }, [loaded])

  let body
  if (choices.isPending) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <span key={i} className="action-intents__skeleton" aria-hidden="true">
        <span className="skeleton-bar" />
      </span>
    ))
  } else if (choices.isError) {
    const text = choices.error instanceof ApiError ? choices.error.message : 'The intents could not be loaded.'
    body = (
      <p className="action-intents__note danger-box" role="alert">
        {text}
      </p>
    )
  } else if (!list?.length) {
    body = <p className="action-intents__note">{EMPTY_LIST_TEXT}</p>
  } else {
    body = list.map((choice) => (
      <Choice
        key={choice.intentName}
        choice={choice}
        name={`${id}-intent`}
        checked={chosen === choice.intentName}
        onChange={() => {
          setChosen(choice.intentName)
          setMissing(false)
        }}
      />
    ))
  }

  // Enter on a radio button saves, as it does in a text field.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type === 'radio') {
      event.preventDefault()
      event.currentTarget.requestSubmit()
    }
  }

  return (
    <form
      className="action-intents"
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        if (act.isPending) return
        if (!chosen) {
          setMissing(true)
          return
        }
        act.mutate({ leadId, messageId, intentName: chosen, isDefault }, { onSuccess: onDone })
      }}
    >
      <div
        ref={listRef}
        className="action-intents__list"
        role="radiogroup"
        aria-label={title}
        aria-busy={choices.isPending || undefined}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        data-testid="action-intents-list"
      >
        {body}
      </div>
      {missing ? (
        <p id={`${id}-missing`} className="field__error" role="alert">
          {NO_INTENT_TEXT}
        </p>
      ) : null}
      <div className="action-intents__actions">
        <button type="button" className="btn" onClick={onDone} disabled={act.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={act.isPending}>
          {act.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}
