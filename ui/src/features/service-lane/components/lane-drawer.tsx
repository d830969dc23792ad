import { useId, type ComponentType, type ReactNode } from 'react'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { formatPhone } from '../../../lib/format-phone'
import { enumLabel } from '../../../lib/text'
import { useNow } from '../../../lib/use-now'
import { clockTime, formatDay, messageDateLabel } from '../../../lib/date-time'
import { useRepairOrder } from '../api/get-repair-order'
import type { Lane, LaneAdvisor, LaneAppointment, LaneCard, RepairOrderDetail } from '../api/lane-types'
import { mileageText, moneyText, personName, vehicleText } from '../../../lib/record-format'
import { sourceText } from '../card-format'
import { cardOfDetail, daysText, delayTone, dmsTone, laneOf, laneTitle, lineTotals } from '../lane-model'
import { AdvisorChip } from './advisor-chip'

/** What the conversation part of the drawer is given (the conversations feature's, plugged in by the route). */
export interface LaneConversationProps {
  leadId: number
  /** The reader opened the conversation's chat box: the drawer closes. */
  onOpenChat?: () => void
}

/** What the drawer shows: a repair order, or an appointment of the day. */
export type DrawerItem = { kind: 'repair-order'; card: LaneCard } | { kind: 'appointment'; appointment: LaneAppointment }

export interface LaneDrawerProps {
  item: DrawerItem | null
  lanes: readonly Lane[]
  canMove: boolean
  seesDelayColor: boolean
  advisors: readonly LaneAdvisor[]
  timeZone: string | undefined
  conversation?: ComponentType<LaneConversationProps>
  onMove: (card: LaneCard, lane: Lane) => void
  onClose: () => void
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="facts__item">
      <dt>{label}</dt>
      <dd>{children || '—'}</dd>
    </div>
  )
}

function ConversationSection({
  leadId,
  conversation: Conversation,
  onClose,
}: {
  leadId: number | null | undefined
  conversation?: ComponentType<LaneConversationProps>
  onClose: () => void
}) {
  return (
    <section className="lane-drawer__section" aria-label="Conversation">
      <h3>Conversation</h3>
      {leadId === null || leadId === undefined ? (
        <p className="lane-drawer__note">No conversation belongs to this visit.</p>
      ) : Conversation ? (
        <Conversation leadId={leadId} onOpenChat={onClose} />
      ) : null}
    </section>
  )
}

function RepairOrderBody({
  card,
  lanes,
  canMove,
  seesDelayColor,
  timeZone,
  conversation,
  onMove,
  onClose,
}: Omit<LaneDrawerProps, 'item' | 'advisors'> & { card: LaneCard }) {
  const detail = useRepairOrder(card.id)
  const now = useNow(60_000)
  const order: LaneCard | RepairOrderDetail = detail.data ?? card
  const lane = laneOf(lanes, order)
  const tone = seesDelayColor ? delayTone(order.delayColorCode) : null
  const moves = detail.data && canMove ? detail.data.allowedMoves.map((code) => lanes.find((l) => l.code === code)).filter((l) => l !== undefined) : []
  const totals = detail.data ? lineTotals(detail.data.lines) : null

  return (
    <>
      <div className="lane-drawer__status">
        <span className="badge badge--info" data-testid="drawer-lane">
          {lane?.title ?? order.statusCode}
        </span>
        <span className="lane-drawer__days">{order.closedDate ? `Closed ${formatDay(order.closedDate)}` : `${daysText(order.daysDiff)} waiting`}</span>
        {tone ? (
          <span
            className={`badge badge--${tone}`}
            data-testid="drawer-delay"
            title="How long the order has been open: green on its first day, amber on the second and third, red after"
          >
            Delay: {order.delayColorCode?.toLowerCase()}
          </span>
        ) : null}
      </div>

      <dl className="facts lane-drawer__facts">
        <Fact label="Customer">{personName(order.customer)}</Fact>
        <Fact label="Mobile">{formatPhone(order.customer?.cellular)}</Fact>
        <Fact label="E-mail">{order.customer?.email}</Fact>
        <Fact label="Source">{order.customer?.recordSource ? sourceText(order.customer.recordSource) : null}</Fact>
        <Fact label="Vehicle">{vehicleText(order.vehicle)}</Fact>
        <Fact label="Mileage">{mileageText(order.vehicle?.mileage)}</Fact>
        <Fact label="VIN">{order.vehicle?.vin}</Fact>
        <Fact label="Advisor">
          {order.advisor ? <AdvisorChip advisor={order.advisor} /> : null}
        </Fact>
        <Fact label="Opened">{formatDay(order.openDate)}</Fact>
        <Fact label="Total">{moneyText(order.totalAmount)}</Fact>
      </dl>

      {moves.length > 0 ? (
        <div className="lane-drawer__moves" role="group" aria-label="Move to">
          <span className="lane-drawer__label">Move to</span>
          {moves.map((to) => (
            <button key={to.code} type="button" className="btn btn--small" onClick={() => onMove(detail.data ? cardOfDetail(detail.data) : card, to)}>
              {to.title}
            </button>
          ))}
        </div>
      ) : null}

      <section className="lane-drawer__section" aria-label="Lines">
        <h3>Lines</h3>
        {detail.isPending ? (
          <span className="skeleton-bar" aria-hidden="true" />
        ) : detail.isError ? (
          <p className="lane-drawer__note" role="alert">
            The order's details could not be loaded.{' '}
            <button type="button" className="btn btn--small" onClick={() => void detail.refetch()}>
              Try again
            </button>
          </p>
        ) : detail.data.lines.length === 0 ? (
          <p className="lane-drawer__note">No lines.</p>
        ) : (
          <table className="lane-lines">
            <thead>
              <tr>
                <th scope="col">Op code</th>
                <th scope="col">Description</th>
                <th scope="col" className="align-end">
                  Qty
                </th>
                <th scope="col" className="align-end">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.data.lines.map((line, i) => (
                <tr key={`${line.opCode}-${i}`} className={line.declined ? 'is-declined' : undefined}>
                  <td>{line.opCode}</td>
                  <td>
                    {line.description}
                    {line.declined ? <span className="badge badge--warning lane-lines__declined">Declined</span> : null}
                  </td>
                  <td className="align-end">{line.quantity}</td>
                  <td className="align-end">{moneyText(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            {totals ? (
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    Total
                  </th>
                  <td className="align-end" data-testid="lines-total">
                    {moneyText(totals.approved)}
                  </td>
                </tr>
                {totals.declined > 0 ? (
                  <tr className="is-declined">
                    <th scope="row" colSpan={3}>
                      Declined
                    </th>
                    <td className="align-end">{moneyText(totals.declined)}</td>
                  </tr>
                ) : null}
              </tfoot>
            ) : null}
          </table>
        )}
      </section>

      <section className="lane-drawer__section" aria-label="Moves">
        <h3>Moves</h3>
        {detail.data && detail.data.moves.length > 0 ? (
          <ol className="lane-history" data-testid="move-history">
            {detail.data.moves.map((move) => (
              <li key={move.id} className="lane-history__item">
                <span className="lane-history__what">
                  {laneTitle(lanes, move.fromStatus)} → {laneTitle(lanes, move.toStatus)}
                </span>
                <span className="lane-history__who">
                  {move.movedByName ?? 'Someone'} · <time dateTime={move.movedAt}>{messageDateLabel(move.movedAt, now, timeZone)}</time>
                </span>
                <span className={`badge${dmsTone(move.dmsStatus) === 'neutral' ? '' : ` badge--${dmsTone(move.dmsStatus)}`}`} title={move.dmsError ?? 'Push to the dealer system'}>
                  DMS: {enumLabel(move.dmsStatus)}
                </span>
              </li>
            ))}
          </ol>
        ) : detail.data ? (
          <p className="lane-drawer__note">Not moved on the board yet.</p>
        ) : null}
      </section>

      <ConversationSection leadId={order.fsiId} conversation={conversation} onClose={onClose} />
    </>
  )
}

function AppointmentBody({
  appointment,
  advisors,
  timeZone,
  conversation,
  onClose,
}: Pick<LaneDrawerProps, 'advisors' | 'timeZone' | 'conversation' | 'onClose'> & { appointment: LaneAppointment }) {
  const advisor = advisors.find((a) => a.id === appointment.advisorId)
  return (
    <>
      <div className="lane-drawer__status">
        <span className="badge badge--info">{enumLabel(appointment.apptStatus)}</span>
        {appointment.dmsStatus ? (
          <span className={`badge${dmsTone(appointment.dmsStatus) === 'neutral' ? '' : ` badge--${dmsTone(appointment.dmsStatus)}`}`}>
            DMS: {enumLabel(appointment.dmsStatus)}
          </span>
        ) : null}
      </div>
      <dl className="facts lane-drawer__facts">
        <Fact label="Time">{clockTime(appointment.apptDateTime, timeZone)}</Fact>
        <Fact label="Customer">{appointment.customerName}</Fact>
        <Fact label="Mobile">{formatPhone(appointment.cellular)}</Fact>
        <Fact label="Vehicle">{appointment.vehicle}</Fact>
        <Fact label="VIN">{appointment.vin}</Fact>
        <Fact label="Advisor">{advisor ? <AdvisorChip advisor={advisor} /> : null}</Fact>
        <Fact label="Op code">{appointment.opCode}</Fact>
        <Fact label="Transport">{appointment.transportType}</Fact>
        <Fact label="Source">{sourceText(appointment.source)}</Fact>
        <Fact label="Notes">{appointment.notes}</Fact>
      </dl>
      <ConversationSection leadId={appointment.futureServiceInteractionId} conversation={conversation} onClose={onClose} />
    </>
  )
}

/**
 * A card's drawer at the side of the board: for a repair order its status,
 * customer, vehicle and advisor, the lanes it may move to, its lines with the
 * total, its moves with their push to the dealer system, and its visit's
 * conversation; for an appointment its details and conversation. Escape, the
 * close button or a click beside it closes it.
 */
export function LaneDrawer({ item, advisors, onClose, ...rest }: LaneDrawerProps) {
  const ref = useModalDialog(item !== null)
  const titleId = useId()
  const title =
    item?.kind === 'repair-order'
      ? `${item.card.roNumber} · ${personName(item.card.customer)}`
      : item
        ? `Appointment · ${item.appointment.customerName ?? ''}`
        : ''

  return (
    <dialog
      ref={ref}
      className="lane-drawer"
      aria-labelledby={titleId}
      data-testid="lane-drawer"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      {item ? (
        <div className="lane-drawer__content">
          <header className="lane-drawer__header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="btn btn--icon" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </header>
          <div className="lane-drawer__body">
            {item.kind === 'repair-order' ? (
              <RepairOrderBody key={item.card.id} card={item.card} onClose={onClose} {...rest} />
            ) : (
              <AppointmentBody key={item.appointment.id} appointment={item.appointment} advisors={advisors} timeZone={rest.timeZone} conversation={rest.conversation} onClose={onClose} />
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  )
}
