import { Link } from '@tanstack/react-router'
import type { KeyboardEvent } from 'react'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { formatPhone } from '../../../lib/format-phone'
import type { Phone } from '../api/get-phones'
import { lastTextLabel, phoneName } from './thread-model'
import { useStoreTimeZones } from '../../../components/enterprise-stores/store-time-zone'

export interface PhoneListProps {
  phones: Phone[] | undefined
  selectedId: number | undefined
  /** No data yet: placeholder rows keep the panel's size. */
  isLoading: boolean
  /** A newer page is on its way: the shown one is dimmed, not removed. */
  isFetching: boolean
  /** Placeholder rows while loading. */
  skeletonRows: number
  now: number
}

/** Up/Down (and Home/End) move between the phones; Enter opens one. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End']
  if (!keys.includes(event.key)) return
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a.phone-item')]
  if (links.length === 0) return
  const at = links.indexOf(document.activeElement as HTMLAnchorElement)
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? links.length - 1
        : Math.min(Math.max(at + (event.key === 'ArrowDown' ? 1 : -1), 0), links.length - 1)
  event.preventDefault()
  links[next]?.focus()
}

/**
 * The phones with texts, most recent first; the selected one is kept in the URL
 * (its link is the current page, so the router marks it `aria-current="page"`).
 */
export function PhoneList({ phones, selectedId, isLoading, isFetching, skeletonRows, now }: PhoneListProps) {
  const zoneOf = useStoreTimeZones()
  if (isLoading && !phones) {
    return (
      <ul className="phone-list" aria-label="Phones" aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <li key={i} className="phone-item phone-item--skeleton" aria-hidden="true">
            <span className="skeleton-bar" style={{ width: '55%' }} />
            <span className="skeleton-bar" style={{ width: '35%' }} />
          </li>
        ))}
      </ul>
    )
  }
  if (!phones || phones.length === 0) {
    return <p className="phone-list__empty">{EMPTY_LIST_TEXT}</p>
  }
  return (
    <ul className="phone-list" aria-label="Phones" data-fetching={isFetching ? 'true' : undefined} onKeyDown={moveFocus}>
      {phones.map((phone) => {
        const selected = phone.customerId === selectedId
        return (
          <li key={phone.customerId}>
            <Link
              from="/simulator"
              to="/simulator"
              search={(prev) => ({ ...prev, customer: phone.customerId })}
              className={selected ? 'phone-item is-selected' : 'phone-item'}
              data-testid="phone-item"
              data-customer-id={phone.customerId}
            >
              <span className="phone-item__top">
                <span className="phone-item__name">{phoneName(phone)}</span>
                <time className="phone-item__time" dateTime={phone.lastTextAt}>
                  {lastTextLabel(phone.lastTextAt, now, zoneOf(phone.storeId))}
                </time>
              </span>
              <span className="phone-item__bottom">
                <span className="phone-item__number">{formatPhone(phone.cellular) || 'No number'}</span>
                <span className="phone-item__store">{phone.storeName}</span>
                {phone.optedOut ? <span className="badge badge--warning phone-item__badge">Opted out</span> : null}
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
