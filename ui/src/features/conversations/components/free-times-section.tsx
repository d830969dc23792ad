import { useId } from 'react'
import { useBookFromText } from '../api/book-from-text'
import { useFreeTimes } from '../api/get-free-times'
import { requestedLabel } from './appointment-search-model'

/** The assistant offers three free times; the panel shows no more. */
const MAX_FREE_TIMES = 3

export interface FreeTimesSectionProps {
  leadId: number
  /** The selected text. */
  text: string
}

/**
 * Appointment Search's free times: the day and time the text was understood
 * to name and up to three free times near it (looking texts nobody), then
 * Book, which books what the text names and texts the customer.
 */
export function FreeTimesSection({ leadId, text }: FreeTimesSectionProps) {
  const free = useFreeTimes({ leadId, text })
  const book = useBookFromText()
  const headingId = useId()

  let content
  if (free.isPending) {
    content = <p className="appointment-search__empty">Looking for free times…</p>
  } else if (free.isError) {
    content = <p className="appointment-search__empty">The free times could not be loaded.</p>
  } else {
    const requested = requestedLabel(free.data.requested)
    const times = free.data.times.slice(0, MAX_FREE_TIMES)
    content = (
      <>
        <p className="appointment-search__requested" data-testid="requested-time">
          {requested ? (
            <>
              Understood: <strong>{requested}</strong>
            </>
          ) : (
            'No day or time understood: the first free times from now.'
          )}
        </p>
        {times.length === 0 ? (
          <p className="appointment-search__empty">No free times within a week.</p>
        ) : (
          <ul className="appointment-search__times" aria-label="Free times">
            {times.map((t) => (
              <li key={t.startsAt} data-testid="free-time">
                <time dateTime={t.startsAt}>{t.label || `${t.date} ${t.time}`}</time>
              </li>
            ))}
          </ul>
        )}
      </>
    )
  }

  return (
    <section className="appointment-search__section" aria-labelledby={headingId} aria-busy={free.isPending || undefined}>
      <h4 id={headingId} className="appointment-search__heading">
        Free times
      </h4>
      {content}
      <div className="appointment-search__book">
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={book.isPending}
          onClick={() => book.mutate({ leadId, text })}
        >
          {book.isPending ? 'Booking…' : 'Book'}
        </button>
        <span className="appointment-search__hint">
          Books the time the text names and texts the customer its confirmation, or the nearest free times when it is taken.
        </span>
      </div>
    </section>
  )
}
