import { useLayoutEffect, useMemo, useRef } from 'react'
import { ApiError } from '../../../lib/api-client'
import { EMPTY_LIST_TEXT, REALTIME_FALLBACK_POLL_MS } from '../../../lib/config'
import { formatPhone } from '../../../lib/format-phone'
import { useFollowBottom } from '../../../lib/use-follow-bottom'
import type { Phone } from '../api/get-phones'
import { usePhoneThread } from '../api/get-phone-messages'
import { MessageBubble } from './message-bubble'
import { ReplyBox } from './reply-box'
import { customerFromThread, groupByDay, isFromCustomer, phoneName, threadMessages } from './thread-model'
import { dayBreakLabel } from '../../../lib/date-time'
import { useStoreTimeZones } from '../../../components/enterprise-stores/store-time-zone'

export interface PhoneThreadProps {
  customerId: number
  /** The phone's entry in the list, when known (name, number, store, opt-out). */
  phone: Phone | undefined
  /** The live stream is down: fetch the thread every few seconds instead. */
  poll: boolean
  now: number
}

/** Skeleton bubbles while the first page loads, alternating sides like a conversation. */
const SKELETON = ['dealer', 'own', 'dealer', 'dealer', 'own'] as const

/**
 * The customer's phone: the thread oldest to newest (newest at the bottom,
 * followed while scrolled there), older texts on request, and the reply box.
 */
export function PhoneThread({ customerId, phone, poll, now }: PhoneThreadProps) {
  const thread = usePhoneThread(customerId, { refetchInterval: poll ? REALTIME_FALLBACK_POLL_MS : false })
  const messages = useMemo(() => threadMessages(thread.data?.pages), [thread.data])
  const timeZone = useStoreTimeZones()(phone?.storeId)
  const days = useMemo(() => groupByDay(messages, timeZone), [messages, timeZone])
  const fallback = customerFromThread(messages)
  const name = phone ? phoneName(phone) : (fallback.name ?? `Customer #${customerId}`)
  const number = formatPhone(phone?.cellular ?? fallback.phone)

  const screen = useRef<HTMLDivElement>(null)
  /** Whether the reader is at the bottom, so new texts should scroll into view. */
  const { followRef, onScroll } = useFollowBottom()
  const seen = useRef<{ firstId?: number; lastId?: number; scrollHeight: number }>({ scrollHeight: 0 })
  const firstId = messages.at(0)?.id
  const lastId = messages.at(-1)?.id
  const lastIsOwn = messages.length > 0 && isFromCustomer(messages[messages.length - 1]!)

  useLayoutEffect(() => {
    const el = screen.current
    if (!el) return
    const before = seen.current
    if (lastId !== before.lastId) {
      // A new text (or the first load): follow it, and always show the customer's own reply.
      if (before.lastId === undefined || followRef.current || lastIsOwn) el.scrollTop = el.scrollHeight
    } else if (firstId !== before.firstId && before.firstId !== undefined) {
      // Older texts were added above: keep the ones being read in place.
      el.scrollTop += el.scrollHeight - before.scrollHeight
    } else if (followRef.current) {
      el.scrollTop = el.scrollHeight
    }
    seen.current = { firstId, lastId, scrollHeight: el.scrollHeight }
  })

  let body
  if (thread.isPending) {
    body = (
      <ol className="phone__texts" aria-hidden="true">
        {SKELETON.map((side, i) => (
          <li key={i} className={`bubble bubble--${side} bubble--skeleton`}>
            <div className="bubble__body">
              <span className="skeleton-bar" />
            </div>
          </li>
        ))}
      </ol>
    )
  } else if (thread.isError && messages.length === 0) {
    const notFound = thread.error instanceof ApiError && thread.error.status === 404
    body = (
      <div className="phone__note" role="alert">
        <p>{notFound ? `There is no customer #${customerId} that you can see.` : 'The texts could not be loaded.'}</p>
        {notFound ? null : (
          <button type="button" className="btn" onClick={() => void thread.refetch()}>
            Try again
          </button>
        )}
      </div>
    )
  } else if (messages.length === 0) {
    body = <p className="phone__note">{EMPTY_LIST_TEXT}</p>
  } else {
    body = (
      <>
        {thread.hasNextPage ? (
          <div className="phone__older">
            <button
              type="button"
              className="btn"
              disabled={thread.isFetchingNextPage}
              onClick={() => void thread.fetchNextPage()}
            >
              {thread.isFetchingNextPage ? 'Loading…' : 'Show older texts'}
            </button>
          </div>
        ) : null}
        {days.map((day) => (
          <section key={day.key} className="phone__day" aria-label={dayBreakLabel(day.key, now, timeZone)}>
            <h3 className="phone__day-label">{dayBreakLabel(day.key, now, timeZone)}</h3>
            <ol className="phone__texts">
              {day.messages.map((message) => (
                <MessageBubble key={message.id} message={message} timeZone={timeZone} />
              ))}
            </ol>
          </section>
        ))}
      </>
    )
  }

  return (
    <section className="panel phone" aria-label="Customer phone" data-customer-id={customerId}>
      <header className="phone__header">
        <div className="phone__who">
          <h2 className="phone__name">{name}</h2>
          <span className="phone__number">{number || '\u00a0'}</span>
        </div>
        <div className="phone__facts">
          {phone?.storeName ? <span className="phone__store">{phone.storeName}</span> : null}
          {phone?.optedOut ? <span className="badge badge--warning">Opted out</span> : null}
        </div>
      </header>
      <div
        ref={screen}
        className="phone__screen"
        role="log"
        aria-label="Texts"
        aria-busy={thread.isPending || undefined}
        tabIndex={0}
        onScroll={onScroll}
      >
        {body}
      </div>
      <ReplyBox
        customerId={customerId}
        onSent={() => {
          followRef.current = true
        }}
      />
    </section>
  )
}
