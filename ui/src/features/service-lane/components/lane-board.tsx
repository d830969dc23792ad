import { useState, type DragEvent, type ReactNode } from 'react'
import type { Lane, LaneAdvisor, LaneAppointment, LaneCard } from '../api/lane-types'
import { APPOINTMENT_LANE_CODE, CLOSED_LANE_CODE, dropTargets, laneElementId, laneOf } from '../lane-model'
import { AppointmentCard } from './appointment-card'
import { RepairOrderCard } from './repair-order-card'

/** One list of the board as loaded: its items, whether it is loading, and a retry when it failed. */
export interface LaneSource<T> {
  items: readonly T[] | undefined
  pending: boolean
  failed: boolean
  retry: () => void
}

export interface LaneBoardProps {
  lanes: readonly Lane[]
  /** The repair orders of each lane (by state key). */
  cardsByLane: ReadonlyMap<string, readonly LaneCard[]>
  /** How the open orders' and the closed lane's lists load (their cards are in `cardsByLane`). */
  open: Omit<LaneSource<LaneCard>, 'items'> & { loaded: boolean }
  closed: Omit<LaneSource<LaneCard>, 'items'> & { loaded: boolean }
  appointments: LaneSource<LaneAppointment>
  /** Unread messages per lane (by lane code); absent: not shown. */
  unreadByLane: ReadonlyMap<string, number>
  advisors: readonly LaneAdvisor[]
  canMove: boolean
  seesDelayColor: boolean
  timeZone: string | undefined
  onOpenCard: (card: LaneCard) => void
  onOpenAppointment: (appointment: LaneAppointment) => void
  onMove: (card: LaneCard, lane: Lane) => void
}

function LaneSkeleton() {
  return (
    <ul className="lane__cards" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="lane-card lane-card--skeleton">
          <span className="skeleton-bar" />
          <span className="skeleton-bar" />
          <span className="skeleton-bar" />
        </li>
      ))}
    </ul>
  )
}

function LaneBody<T>({ source, render }: { source: LaneSource<T>; render: (items: readonly T[]) => ReactNode }) {
  if (source.pending) return <LaneSkeleton />
  if (source.failed && !source.items) {
    return (
      <div className="lane__note" role="alert">
        <p>This lane could not be loaded.</p>
        <button type="button" className="btn btn--small" onClick={source.retry}>
          Try again
        </button>
      </div>
    )
  }
  const items = source.items ?? []
  if (items.length === 0) return <p className="lane__note">No cards</p>
  return <ul className="lane__cards">{render(items)}</ul>
}

/**
 * The eight lanes side by side (scrolling sideways when they do not fit). A
 * card is dragged onto another lane with the mouse — only the lanes its own
 * lane may move to accept it, and they are highlighted while it is dragged —
 * or moved with its "Move" menu from the keyboard. Each lane shows its title,
 * how many cards it holds and their unread messages, and a skeleton while its
 * list loads.
 */
export function LaneBoard({
  lanes,
  cardsByLane,
  open,
  closed,
  appointments,
  unreadByLane,
  advisors,
  canMove,
  seesDelayColor,
  timeZone,
  onOpenCard,
  onOpenAppointment,
  onMove,
}: LaneBoardProps) {
  const [dragging, setDragging] = useState<LaneCard | null>(null)
  const [hoverLane, setHoverLane] = useState<string | null>(null)
  const [focusCardId, setFocusCardId] = useState<number | null>(null)

  const targetsOf = (card: LaneCard): Lane[] => {
    if (!canMove) return []
    const lane = laneOf(lanes, card)
    return lane ? dropTargets(lanes, lane.code) : []
  }
  const dragTargets = new Set(dragging ? targetsOf(dragging).map((lane) => lane.code) : [])
  const advisorById = new Map(advisors.map((a) => [a.id, a]))

  const endDrag = () => {
    setDragging(null)
    setHoverLane(null)
  }

  const dropProps = (lane: Lane) => {
    const accepts = dragTargets.has(lane.code)
    return {
      onDragOver: (event: DragEvent) => {
        if (!accepts) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        if (hoverLane !== lane.code) setHoverLane(lane.code)
      },
      onDragLeave: (event: DragEvent) => {
        if (!(event.currentTarget as Element).contains(event.relatedTarget as Node | null) && hoverLane === lane.code) setHoverLane(null)
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault()
        const card = dragging
        endDrag()
        if (card && accepts) onMove(card, lane)
      },
    }
  }

  return (
    <div
      className={`lane-board${dragging ? ' is-dragging' : ''}`}
      role="region"
      aria-label="Service lanes"
      // Focusable so a keyboard can scroll the lanes sideways, even when no lane has a card.
      tabIndex={0}
      data-testid="lane-board"
    >
      {lanes.map((lane) => {
        const orders = lane.code === CLOSED_LANE_CODE ? closed : open
        const source = lane.code === APPOINTMENT_LANE_CODE ? appointments : orders
        const laneCards = cardsByLane.get(lane.stateKey) ?? []
        const count = lane.code === APPOINTMENT_LANE_CODE ? (appointments.items?.length ?? 0) : laneCards.length
        const unread = unreadByLane.get(lane.code) ?? 0
        const accepts = dragTargets.has(lane.code)
        const headingId = `${laneElementId(lane)}-title`
        const classes = [
          'lane',
          dragging && accepts ? 'is-drop-target' : '',
          dragging && !accepts ? 'is-drop-disabled' : '',
          hoverLane === lane.code ? 'is-drop-hover' : '',
        ]
        return (
          <section
            key={lane.code}
            id={laneElementId(lane)}
            className={classes.filter(Boolean).join(' ')}
            aria-labelledby={headingId}
            aria-busy={source.pending || undefined}
            data-testid="lane"
            data-lane-code={lane.code}
            data-drop-target={dragging ? String(accepts) : undefined}
            {...dropProps(lane)}
          >
            <header className="lane__header">
              <h2 id={headingId} className="lane__title">
                {lane.title}
              </h2>
              <span className="lane__count" data-testid="lane-count" aria-label={`${count} ${count === 1 ? 'card' : 'cards'}`}>
                {source.pending ? '…' : count}
              </span>
              {unread > 0 ? (
                <span className="count-badge lane__unread" data-testid="lane-unread" aria-label={`${unread} unread`}>
                  {unread}
                </span>
              ) : null}
            </header>
            {lane.code === APPOINTMENT_LANE_CODE ? (
              <LaneBody
                source={appointments}
                render={(items) =>
                  items.map((appointment) => (
                    <AppointmentCard
                      key={appointment.id}
                      appointment={appointment}
                      advisor={appointment.advisorId !== undefined && appointment.advisorId !== null ? advisorById.get(appointment.advisorId) : undefined}
                      timeZone={timeZone}
                      onOpen={onOpenAppointment}
                    />
                  ))
                }
              />
            ) : (
              <LaneBody
                source={{ pending: orders.pending, failed: orders.failed, retry: orders.retry, items: orders.loaded ? laneCards : undefined }}
                render={(items) =>
                  items.map((card) => (
                    <RepairOrderCard
                      key={card.id}
                      card={card}
                      targets={targetsOf(card)}
                      showDelay={seesDelayColor}
                      focusRequested={focusCardId === card.id}
                      onOpen={onOpenCard}
                      onMove={(moved, to, how) => {
                        // After a keyboard move, focus follows the card into its new lane.
                        setFocusCardId(how === 'keyboard' ? moved.id : null)
                        onMove(moved, to)
                      }}
                      onDragStart={setDragging}
                      onDragEnd={endDrag}
                    />
                  ))
                }
              />
            )}
          </section>
        )
      })}
    </div>
  )
}
