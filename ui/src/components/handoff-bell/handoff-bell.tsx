import { useState } from 'react'
import { markAllHandoffsRead, openHandoff, unreadHandoffCount, useHandoffs } from '../../lib/handoffs'
import { useNow } from '../../lib/use-now'
import { messageDateLabel } from '../../lib/date-time'
import { Popover } from '../popover/popover'

/** The header's bell: how many handoffs are unread, and the recent ones, each opening its conversation. */
export function HandoffBell() {
  const handoffs = useHandoffs()
  const unread = unreadHandoffCount(handoffs)
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  const now = useNow(60_000, open)

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
          {handoffs.length === 0 ? (
            <p className="handoff-list__empty">No handoffs since you signed in.</p>
          ) : (
            <ul className="handoff-list__items">
              {handoffs.map((handoff) => (
                <li key={handoff.id} className={`handoff-item${handoff.read ? '' : ' is-unread'}`} data-handoff-id={handoff.id}>
                  <button
                    type="button"
                    className="popover__item handoff-item__open"
                    onClick={() => {
                      openHandoff(handoff)
                      setOpen(false)
                    }}
                  >
                    <span className="handoff-item__head">
                      <strong>{handoff.title}</strong>
                      <time dateTime={handoff.at}>{messageDateLabel(handoff.at, now)}</time>
                    </span>
                    {handoff.reason ? <span className="handoff-item__reason">{handoff.reason}</span> : null}
                    <span className="handoff-item__lead">Open conversation #{handoff.fsiId}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {unread > 0 ? (
            <button type="button" className="popover__item handoff-list__read" onClick={markAllHandoffsRead}>
              Mark all read
            </button>
          ) : null}
        </Popover>
      ) : null}
    </div>
  )
}
