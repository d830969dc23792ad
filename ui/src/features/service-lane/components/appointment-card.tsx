import { formatPhone } from '../../../lib/format-phone'
import { enumLabel } from '../../../lib/text'
import { clockTime } from '../../../lib/date-time'
import type { LaneAdvisor, LaneAppointment } from '../api/lane-types'
import { sourceText } from '../card-format'
import { AdvisorChip } from './advisor-chip'

export interface AppointmentCardProps {
  appointment: LaneAppointment
  /** Its advisor, when known. */
  advisor: LaneAdvisor | undefined
  timeZone: string | undefined
  onOpen: (appointment: LaneAppointment) => void
}

/** An appointment of the day: its time (the store's clock), customer, vehicle, advisor and status. It does not move. */
export function AppointmentCard({ appointment, advisor, timeZone, onOpen }: AppointmentCardProps) {
  const name = appointment.customerName || 'Unknown customer'
  const time = clockTime(appointment.apptDateTime, timeZone)
  return (
    <li className="lane-card lane-card--appointment" data-testid="lane-card" data-appointment-id={appointment.id}>
      <button type="button" className="lane-card__open" onClick={() => onOpen(appointment)} aria-label={`Open the ${time} appointment, ${name}`}>
        <span className="lane-card__head">
          <span className="lane-card__ro">{time}</span>
          <span className="badge">{enumLabel(appointment.apptStatus)}</span>
        </span>
        <span className="lane-card__customer">{name}</span>
        {appointment.vehicle ? <span className="lane-card__line">{appointment.vehicle}</span> : null}
        {appointment.cellular ? <span className="lane-card__line lane-card__contact">{formatPhone(appointment.cellular)}</span> : null}
      </button>
      <span className="lane-card__foot">
        <AdvisorChip advisor={advisor} />
        <span className="lane-card__flags">
          <span className="lane-card__source">{sourceText(appointment.source)}</span>
        </span>
      </span>
    </li>
  )
}
