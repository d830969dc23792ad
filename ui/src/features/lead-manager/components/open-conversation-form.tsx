import { useId, useState } from 'react'
import { openChat } from '../../../lib/chat-dock'

/**
 * Opens a lead's conversation in a chat box by lead id — a stopgap until the
 * lead lists (whose rows open conversations) are on this page.
 */
export function OpenConversationForm() {
  const [value, setValue] = useState('')
  const id = useId()
  const leadId = Number(value)
  const valid = Number.isInteger(leadId) && leadId > 0

  return (
    <form
      className="open-conversation"
      aria-label="Open conversation"
      onSubmit={(event) => {
        event.preventDefault()
        if (valid && openChat(leadId) !== 'limit') setValue('')
      }}
    >
      <label className="field" htmlFor={id}>
        <span className="field__label">Lead id (testing aid until the lead lists are here)</span>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="e.g. 8"
        />
      </label>
      <button type="submit" className="btn btn--primary" disabled={!valid}>
        Open conversation
      </button>
    </form>
  )
}
