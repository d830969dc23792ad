import { useState } from 'react'
import { ApiError, firstErrorText } from '../../../lib/api-client'
import { hasProblems, phoneProblem, toNumberProblem } from '../admin-validation'
import { useSendTestSms } from '../api/send-test-sms'
import { TextField } from './text-field'

/** Sends a test text through the store's gateway; shows the provider's answer, or its refusal. */
export function TestSmsForm({ enterpriseId, storeId }: { enterpriseId: number; storeId: number }) {
  const send = useSendTestSms()
  const [toNumber, setToNumber] = useState('')
  const [fromNumber, setFromNumber] = useState('')
  const [checked, setChecked] = useState(false)
  const problems = { to: toNumberProblem(toNumber), from: phoneProblem(fromNumber) }
  const failure = send.error ? (send.error instanceof ApiError ? firstErrorText(send.error) : send.error.message) : null

  return (
    <section className="admin-telephony__part" aria-labelledby="telephony-test">
      <h3 id="telephony-test">Send a test SMS</h3>
      <form
        className="admin-form"
        aria-label="Send a test SMS"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setChecked(true)
          if (hasProblems(problems)) return
          send.mutate({ enterpriseId, body: { storeId, toNumber: toNumber.trim(), fromNumber: fromNumber.trim() || undefined } })
        }}
      >
        <TextField label="To number" type="tel" inputMode="tel" value={toNumber} maxLength={20} error={checked ? problems.to : null} onChange={setToNumber} />
        <TextField
          label="From number"
          type="tel"
          inputMode="tel"
          value={fromNumber}
          maxLength={20}
          hint="Optional; the store's own number when blank."
          error={checked ? problems.from : null}
          onChange={setFromNumber}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={send.isPending}>
            Send test SMS
          </button>
        </div>
      </form>
      {send.data ? (
        <p className="success-box" role="status" data-testid="test-sms-sent">
          {send.data.message} <span className="field__hint">(id {send.data.sid}, {send.data.status})</span>
        </p>
      ) : null}
      {failure ? (
        <p className="danger-box" role="alert" data-testid="test-sms-failed">
          {failure}
        </p>
      ) : null}
    </section>
  )
}
