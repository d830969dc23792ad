import { useState } from 'react'
import { ApiError, firstErrorText } from '../../../lib/api-client'
import { areaCodeProblem } from '../admin-validation'
import { useBuyNumber } from '../api/buy-number'
import { useFindNumbers } from '../api/get-available-numbers'
import { useGateway } from '../api/get-gateway'
import { useOwnedNumbers } from '../api/get-owned-numbers'
import { TextField } from './text-field'

function failureText(error: Error | null): string | null {
  if (!error) return null
  return error instanceof ApiError ? firstErrorText(error) : error.message
}

/**
 * The numbers the store owns, and a search of numbers to buy (by area code:
 * any area for most providers; Bandwidth searches by area code only).
 */
export function NumbersSection({ enterpriseId, storeId }: { enterpriseId: number; storeId: number }) {
  const owned = useOwnedNumbers(enterpriseId, storeId)
  // The gateway form reads the same answer: a saved change of provider reaches here too.
  const gateway = useGateway(enterpriseId, storeId)
  const areaCodeRequired = gateway.data?.provider === 'bandwidth'
  const find = useFindNumbers()
  const buy = useBuyNumber()
  const [areaCode, setAreaCode] = useState('')
  const [checked, setChecked] = useState(false)
  const [bought, setBought] = useState<string | null>(null)
  const problem = areaCodeProblem(areaCode, areaCodeRequired)
  const ownedList = owned.data ?? []
  const failure = failureText(find.error) ?? failureText(buy.error)

  const purchase = (phoneNumber: string) => {
    const first = ownedList.length === 0
    setBought(null)
    buy.mutate(
      { enterpriseId, storeId, phoneNumber },
      {
        onSuccess: (number) => {
          setBought(first ? `Bought ${number.display}: the store now texts from it.` : `Bought ${number.display}.`)
          find.reset()
        },
      },
    )
  }

  return (
    <section className="admin-telephony__part" aria-labelledby="telephony-numbers">
      <h3 id="telephony-numbers">Numbers</h3>
      {owned.isPending ? (
        <p className="panel__note">Loading…</p>
      ) : ownedList.length === 0 ? (
        <p className="panel__note" data-testid="no-numbers">
          The store owns no number yet.
        </p>
      ) : (
        <table className="data-table" aria-label="Owned numbers">
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Provider</th>
              <th scope="col">Capabilities</th>
              <th scope="col">Bought</th>
            </tr>
          </thead>
          <tbody>
            {ownedList.map((n) => (
              <tr key={n.id}>
                <td>{n.display}</td>
                <td>{n.provider}</td>
                <td>{n.capabilities}</td>
                <td>{n.createdAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {bought ? (
        <p className="success-box" role="status" data-testid="number-bought">
          {bought}
        </p>
      ) : null}

      <form
        className="admin-form admin-form--inline"
        aria-label="Find numbers"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setChecked(true)
          if (problem) return
          buy.reset()
          find.mutate({ enterpriseId, storeId, areaCode: areaCode.trim() })
        }}
      >
        <TextField
          label="Area code"
          value={areaCode}
          inputMode="numeric"
          maxLength={3}
          placeholder={areaCodeRequired ? undefined : 'Any'}
          hint={areaCodeRequired ? 'Required: Bandwidth searches numbers by area code.' : undefined}
          error={checked ? problem : null}
          onChange={setAreaCode}
        />
        <div className="form-actions">
          <button type="submit" className="btn" disabled={find.isPending}>
            Find numbers
          </button>
        </div>
      </form>
      {failure ? (
        <p className="danger-box" role="alert" data-testid="numbers-failed">
          {failure}
        </p>
      ) : null}
      {find.data ? (
        find.data.length === 0 ? (
          <p className="panel__note">No number is available there; try another area code.</p>
        ) : (
          <ul className="admin-available-numbers" aria-label="Available numbers">
            {find.data.map((n) => (
              <li key={n.phoneNumber}>
                <span>{n.display}</span>
                {n.locality || n.region ? <span className="field__hint"> {[n.locality, n.region].filter(Boolean).join(', ')}</span> : null}{' '}
                <button type="button" className="btn btn--small" aria-label={`Buy ${n.display}`} disabled={buy.isPending} onClick={() => purchase(n.phoneNumber)}>
                  Buy
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  )
}
