import { useEffect, useRef, useState, type DragEvent } from 'react'
import { formatPhone } from '../../../lib/format-phone'
import type { Lane, LaneCard } from '../api/lane-types'
import { mileageText, personName, vehicleText } from '../../../lib/record-format'
import { sourceText } from '../card-format'
import { daysText, delayTone } from '../lane-model'
import { AdvisorChip } from './advisor-chip'
import { MoveMenu } from './move-menu'

export interface RepairOrderCardProps {
  card: LaneCard
  /** Where it may go; empty: it does not move (or the user may not move cards). */
  targets: readonly Lane[]
  /** Show the delay colour (privileged users; the server sends it to them only). */
  showDelay: boolean
  /** Take keyboard focus (it has just been moved with the keyboard). */
  focusRequested: boolean
  onOpen: (card: LaneCard) => void
  onMove: (card: LaneCard, lane: Lane, how: 'keyboard' | 'drag') => void
  onDragStart: (card: LaneCard) => void
  onDragEnd: () => void
}

/**
 * A repair order on the board: RO number, days waiting, customer (name,
 * e-mail, mobile, source), vehicle (year, make, model, mileage), advisor (in
 * the advisor's colour), unread messages and, for privileged users, the delay
 * colour. Click (or Enter) opens its drawer; it is dragged to another lane, or
 * moved with "Move to…" from the keyboard.
 */
export function RepairOrderCard({ card, targets, showDelay, focusRequested, onOpen, onMove, onDragStart, onDragEnd }: RepairOrderCardProps) {
  const openRef = useRef<HTMLButtonElement>(null)
  const [menuAnchor, setMenuAnchor] = useState<HTMLButtonElement | null>(null)
  const movable = targets.length > 0
  const tone = showDelay ? delayTone(card.delayColorCode) : null
  const name = personName(card.customer)
  const vehicle = vehicleText(card.vehicle)
  const phone = formatPhone(card.customer?.cellular)

  // Focus follows a card moved with the keyboard into its new lane (and back, when the move is undone),
  // unless the user has already gone elsewhere.
  useEffect(() => {
    const active = document.activeElement
    if (focusRequested && (active === null || active === document.body)) openRef.current?.focus()
  }, [focusRequested])

  return (
    <li
      className={`lane-card${tone ? ` lane-card--delay-${tone}` : ''}`}
      data-testid="lane-card"
      data-card-id={card.id}
      data-status={card.statusCode}
      draggable={movable}
      onDragStart={(event: DragEvent<HTMLLIElement>) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', String(card.id))
        onDragStart(card)
      }}
      onDragEnd={onDragEnd}
    >
      <button ref={openRef} type="button" className="lane-card__open" onClick={() => onOpen(card)} aria-label={`Open ${card.roNumber}, ${name}`}>
        <span className="lane-card__head">
          <span className="lane-card__ro">{card.roNumber}</span>
          <span className="lane-card__days">
            {card.customer?.recordSource ? <span className="lane-card__source" title="Record source">{sourceText(card.customer.recordSource)} · </span> : null}
            <span title={card.closedDate ? 'Days since it closed' : 'Days waiting'}>{daysText(card.daysDiff)}</span>
          </span>
        </span>
        <span className="lane-card__customer">{name}</span>
        {vehicle ? (
          <span className="lane-card__line">
            {[vehicle, mileageText(card.vehicle?.mileage)].filter(Boolean).join(' · ')}
          </span>
        ) : null}
        {card.customer?.email || phone ? (
          <span className="lane-card__line lane-card__contact">{[phone, card.customer?.email].filter(Boolean).join(' · ')}</span>
        ) : null}
      </button>
      <span className="lane-card__foot">
        <AdvisorChip advisor={card.advisor} />
        <span className="lane-card__flags">
          {tone ? (
            <span className={`delay-dot delay-dot--${tone}`} data-testid="delay-color" title={`Delay: ${card.delayColorCode}`}>
              <span className="visually-hidden">Delay {card.delayColorCode}</span>
            </span>
          ) : null}
          {card.unreadCount > 0 ? (
            <span className="count-badge" data-testid="card-unread" aria-label={`${card.unreadCount} unread`}>
              {card.unreadCount}
            </span>
          ) : null}
          {movable ? (
            <button
              type="button"
              className="btn btn--small lane-card__move"
              aria-haspopup="menu"
              aria-expanded={menuAnchor !== null}
              aria-label={`Move ${card.roNumber} to…`}
              onClick={(event) => setMenuAnchor(menuAnchor ? null : event.currentTarget)}
            >
              Move
            </button>
          ) : null}
        </span>
      </span>
      {menuAnchor ? (
        <MoveMenu
          anchor={menuAnchor}
          what={card.roNumber}
          targets={targets}
          onClose={() => setMenuAnchor(null)}
          onMove={(lane) => onMove(card, lane, 'keyboard')}
        />
      ) : null}
    </li>
  )
}
