import { useId, useState } from 'react'
import type { MessageView } from '../../../lib/message-events'
import { notify } from '../../../lib/notices'
import { responseDateTime, timeOf, zonedDateAndTime, zonedWallTimeToUtc } from '../../../lib/date-time'
import { useSetResponseTime } from '../api/set-response-time'
import { DateInput } from '../../../components/date-input/date-input'

const RESPONSE_TIME_MISSING_TEXT = 'Please Enter Response date and time'

export interface ResponseTimeFormProps {
  leadId: number
  message: Pick<MessageView, 'id' | 'createdOn'>
  /** The store's zone: the date and time are read in it. */
  timeZone?: string
  onDone: () => void
}

/**
 * Set Response Time (spec sections 2 and 5): when the customer was really
 * answered, as a date and time in the store's zone; sent as
 * `DD-MM-YYYY HH:mm:ss` (UTC).
 */
export function ResponseTimeForm({ leadId, message, timeZone, onDone }: ResponseTimeFormProps) {
  // The message's own time, to the next whole second (the fields have no milliseconds).
  const sentAt = Math.ceil(timeOf(message.createdOn) / 1000) * 1000
  const initial = zonedDateAndTime(Number.isFinite(sentAt) ? new Date(sentAt).toISOString() : undefined, timeZone)
  const [date, setDate] = useState(initial.date)
  const [time, setTime] = useState(initial.time)
  const update = useSetResponseTime()
  const id = useId()

  return (
    <form
      className="response-time-form"
      onSubmit={(event) => {
        event.preventDefault()
        const at = zonedWallTimeToUtc(date, time, timeZone)
        if (!date || !time || !Number.isFinite(at)) {
          notify({ type: 'warning', message: RESPONSE_TIME_MISSING_TEXT })
          return
        }
        update.mutate({ leadId, messageId: message.id, msgDateTime: responseDateTime(at) }, { onSuccess: onDone })
      }}
    >
      <label className="field" htmlFor={`${id}-date`}>
        <span className="field__label">Response date</span>
        <DateInput id={`${id}-date`} name="response date" value={date} onChange={setDate} />
      </label>
      <label className="field" htmlFor={`${id}-time`}>
        <span className="field__label">Response time{timeZone ? ` (${timeZone})` : ''}</span>
        <input id={`${id}-time`} type="time" step={1} value={time} onChange={(event) => setTime(event.target.value)} />
      </label>
      <div className="response-time-form__actions">
        <button type="button" className="btn" onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}
