import { useId, useState, type KeyboardEvent } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { useCancelAppointment } from '../api/cancel-appointment'
import { useBookedAppointments, type BookedAppointment } from '../api/get-booked-appointments'
import { appointmentTime } from './appointment-search-model'

export interface BookedAppointmentsSectionProps {
  leadId: number
  /** The store's time zone (IANA): appointment times are shown in it. */
  timeZone?: string
}

function whenText(appointment: BookedAppointment, timeZone?: string): string {
  const when = appointmentTime(appointment.apptDateTime, timeZone)
  return when ? `${when.date} ${when.time}` : 'an unknown time'
}

/** Escape answers the confirmation only: it must not also reach the panel around it and close that. */
function keepEscapeInside(event: KeyboardEvent) {
  if (event.key === 'Escape') event.stopPropagation()
}

/** Appointment Search's list of the lead's standing appointments, each with Cancel (confirmed first). */
export function BookedAppointmentsSection({ leadId, timeZone }: BookedAppointmentsSectionProps) {
  const booked = useBookedAppointments(leadId)
  const cancel = useCancelAppointment()
  const [cancelling, setCancelling] = useState<BookedAppointment | null>(null)
  const headingId = useId()

  let content
  if (booked.isPending) {
    content = <p className="appointment-search__empty">Loading…</p>
  } else if (booked.isError) {
    content = <p className="appointment-search__empty">The appointments could not be loaded.</p>
  } else if (booked.data.length === 0) {
    content = <p className="appointment-search__empty">{EMPTY_LIST_TEXT}</p>
  } else {
    content = (
      <ul className="appointment-search__booked">
        {booked.data.map((a) => {
          const when = whenText(a, timeZone)
          return (
            <li key={a.id} data-testid="booked-appointment" data-appointment-id={a.id}>
              <time dateTime={a.apptDateTime} className="appointment-search__nowrap">
                {when}
              </time>
              <span>{a.title || 'Appointment'}</span>
              <span className="appointment-search__status">{a.apptStatus}</span>
              <button
                type="button"
                className="btn btn--small"
                aria-label={`Cancel the appointment on ${when}`}
                onClick={() => setCancelling(a)}
              >
                Cancel
              </button>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <section className="appointment-search__section" aria-labelledby={headingId} aria-busy={booked.isPending || undefined}>
      <h4 id={headingId} className="appointment-search__heading">
        Booked appointments
      </h4>
      {content}
      {cancelling ? (
        <div onKeyDown={keepEscapeInside}>
          <ConfirmDialog
            open
            header="Cancel Appointment"
            message={`Are you sure you want to cancel the appointment on ${whenText(cancelling, timeZone)}?`}
            confirmText="Yes"
            cancelText="No"
            loading={cancel.isPending}
            onCancel={() => setCancelling(null)}
            onConfirm={() => cancel.mutate({ leadId, appointmentId: cancelling.id }, { onSuccess: () => setCancelling(null) })}
          />
        </div>
      ) : null}
    </section>
  )
}
