import { useState } from 'react'
import { messageDateLabel } from '../../lib/date-time'
import { useHandoffActions, useHandoffs, type Handoff } from '../../lib/handoffs'
import { useNow } from '../../lib/use-now'
import { Popover } from '../popover/popover'

/** The header's bell: how many handoffs are unread, and the recent ones, each opening its conversation. */
export function HandoffBell() {
  const handoffs = useHandoffs()
  const actions = useHandoffActions()
  const unread = handoffs.data?.unread ?? 0
  const list = handoffs.data?.content ?? []
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)

  return (
    <div className="handoff-bell">
      <button
        ref={setAnchor}
        type="button"
        className={`btn btn--icon handoff-bell__button${unread > 0 ? ' has-unread' : ''}`}
        aria-label={unread > 0 ? `Handoffs, ${unread} unread` : 'Handoffs'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path
            d="M8 1.5a4.5 4.5 0 0 0-4.5 4.5v2.6L2.2 11a.6.6 0 0 0 .5.9h10.6a.6.6 0 0 0 .5-.9l-1.3-2.4V6A4.5 4.5 0 0 0 8 1.5Zm-1.8 11.6a1.8 1.8 0 0 0 3.6 0Z"
            fill="currentColor"
          />
        </svg>
        {unread > 0 ? (
          <span className="count-badge handoff-bell__count" aria-hidden="true" data-testid="handoff-unread">
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      {open && anchor ? (
        <Popover anchor={anchor} label="Handoffs" title="Handoffs" className="handoff-list" onClose={() => setOpen(false)}>
          <HandoffList
            handoffs={list}
            empty={handoffs.isPending ? 'Loading…' : 'No handoffs.'}
            onOpen={(handoff) => {
              actions.open(handoff)
              setOpen(false)
            }}
            onRemove={actions.remove}
          />
          <div className="handoff-list__actions">
            {unread > 0 ? (
              <button type="button" className="popover__item handoff-list__read" disabled={actions.pending} onClick={() => actions.readAll()}>
                Mark all read
              </button>
            ) : null}
            {list.length > 0 ? (
              <button type="button" className="popover__item handoff-list__clear" disabled={actions.pending} onClick={actions.clear}>
                Clear
              </button>
            ) : null}
          </div>
        </Popover>
      ) : null}
    </div>
  )
}

export interface HandoffListProps {
  handoffs: readonly Handoff[]
  /** What an empty list says. */
  empty: string
  timeZone?: string
  onOpen: (handoff: Handoff) => void
  /** Removes a lead's handoffs from the user's list. */
  onRemove: (fsiId: number) => void
}

/** Handoffs, newest first: each opens its conversation (and is read), or is removed. */
export function HandoffList({ handoffs, empty, timeZone, onOpen, onRemove }: HandoffListProps) {
  const now = useNow(60_000)
  if (handoffs.length === 0) return <p className="handoff-list__empty">{empty}</p>
  return (
    <ul className="handoff-list__items">
      {handoffs.map((handoff) => (
        <li key={handoff.id} className={`handoff-item${handoff.read ? '' : ' is-unread'}`} data-handoff-id={handoff.id}>
          <button type="button" className="popover__item handoff-item__open" onClick={() => onOpen(handoff)}>
            <span className="handoff-item__head">
              <strong>{handoff.title}</strong>
              <time dateTime={handoff.createdAt}>{messageDateLabel(handoff.createdAt, now, timeZone)}</time>
            </span>
            {handoff.reason ? <span className="handoff-item__reason">{handoff.reason}</span> : null}
            <span className="handoff-item__lead">
              {handoff.customerName || `Lead #${handoff.fsiId}`} · {handoff.storeName}
            </span>
          </button>
          <button
            type="button"
            className="btn btn--icon handoff-item__remove"
            aria-label={`Remove the handoffs of ${handoff.customerName || `lead #${handoff.fsiId}`}`}
            onClick={() => onRemove(handoff.fsiId)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}
