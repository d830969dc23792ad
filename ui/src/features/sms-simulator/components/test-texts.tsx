import { useStoreTimeZones } from '../../../components/enterprise-stores/store-time-zone'
import { formatDateTime } from '../../../lib/date-time'
import { formatPhone } from '../../../lib/format-phone'
import { useTestTexts } from '../api/get-test-texts'

/**
 * The test texts admins sent from Administration through the simulator: the
 * number they went to is usually not a customer's, so they have no phone in the
 * list. Nothing when there are none.
 */
export function TestTexts() {
  const texts = useTestTexts()
  const zoneOf = useStoreTimeZones()
  const shown = texts.data?.content ?? []
  if (shown.length === 0) return null
  const total = texts.data?.totalElements ?? shown.length
  return (
    <section className="test-texts" aria-labelledby="test-texts-title">
      <h2 id="test-texts-title" className="test-texts__title">
        Test texts from Administration
      </h2>
      <ol className="test-texts__list">
        {shown.map((text) => (
          <li key={text.id} className="test-texts__item" data-testid="test-text">
            <span className="test-texts__meta">
              To {formatPhone(text.to) || text.to} · {formatDateTime(text.sentAt, zoneOf(text.storeId))}
            </span>
            <p className="test-texts__body">{text.body}</p>
            <span className="test-texts__meta">
              {text.storeName}
              {text.sentBy ? `, sent by ${text.sentBy}` : ''}
            </span>
          </li>
        ))}
      </ol>
      {total > shown.length ? <p className="test-texts__more">The newest {shown.length} of {total}.</p> : null}
    </section>
  )
}
