import { useId } from 'react'
import { ApiError } from '../../../lib/api-client'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { formatPhone } from '../../../lib/format-phone'
import { useAppointmentSearch, type Appointment } from '../api/search-appointments'
import { appointmentTime } from './appointment-search-model'

const COLUMNS = ['Date / time', 'Customer', 'Phone', 'Vehicle', 'Status', 'Transport'] as const
/** Placeholder rows while searching, in the results' own box so that nothing moves when they arrive. */
const SKELETON_ROWS = 3

export interface MatchingAppointmentsSectionProps {
  /** The selected text. */
  query: string
  /** The conversation's store; all the caller's stores when unknown. */
  storeId?: number
  /** The store's time zone (IANA): appointment times are shown in it. */
  timeZone?: string
}

function AppointmentRow({ appointment: a, timeZone }: { appointment: Appointment; timeZone?: string }) {
  const when = appointmentTime(a.apptDateTime, timeZone)
  return (
    <tr data-testid="appointment-row" data-appointment-id={a.id}>
      <td>
        {when ? (
          <time dateTime={a.apptDateTime} className="appointment-search__when">
            <span>{when.date}</span> <span>{when.time}</span>
          </time>
        ) : (
          '—'
        )}
      </td>
      <td>{a.customerName || '—'}</td>
      <td className="appointment-search__nowrap">{formatPhone(a.cellular) || '—'}</td>
      <td>
        {a.vehicle || a.vin || '—'}
        {a.vehicle && a.vin ? (
          <>
            {' '}
            <span className="appointment-search__vin">{a.vin}</span>
          </>
        ) : null}
      </td>
      <td>{a.apptStatus || '—'}</td>
      <td>{a.transportType || '—'}</td>
    </tr>
  )
}

/**
 * Appointment Search's store-wide part: the appointments whose customer name,
 * mobile, VIN or title match the selected text in the conversation's store,
 * soonest first, with time (store's zone), customer, phone, vehicle, status
 * and transport.
 */
export function MatchingAppointmentsSection({ query, storeId, timeZone }: MatchingAppointmentsSectionProps) {
  const search = useAppointmentSearch({ query, storeId })
  const appointments = search.data?.content ?? []
  const total = search.data?.totalElements ?? 0
  const headingId = useId()

  let rows
  if (search.isPending) {
    rows = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <tr key={i} className="appointment-search__skeleton" aria-hidden="true">
        {COLUMNS.map((column) => (
          <td key={column}>
            <span className="skeleton-bar" />
          </td>
        ))}
      </tr>
    ))
  } else if (search.isError) {
    const text = search.error instanceof ApiError ? search.error.message : 'The appointments could not be loaded.'
    rows = (
      <tr className="appointment-search__note">
        <td colSpan={COLUMNS.length} role="alert">
          {text}
        </td>
      </tr>
    )
  } else if (appointments.length === 0) {
    rows = (
      <tr className="appointment-search__note">
        <td colSpan={COLUMNS.length}>{EMPTY_LIST_TEXT}</td>
      </tr>
    )
  } else {
    rows = appointments.map((a) => <AppointmentRow key={a.id} appointment={a} timeZone={timeZone} />)
  }

  return (
    <section className="appointment-search__section" aria-labelledby={headingId}>
      <h4 id={headingId} className="appointment-search__heading">
        Matching appointments in the store
      </h4>
      <div
        className="appointment-search__results"
        role="region"
        aria-labelledby={headingId}
        aria-busy={search.isPending || undefined}
        tabIndex={0}
        data-testid="appointment-search-results"
      >
        <table className="appointment-search__table">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
      <p className="appointment-search__count" role="status">
        {search.isPending
          ? 'Searching…'
          : search.isSuccess && total > appointments.length
            ? `Showing ${appointments.length} of ${total}`
            : ''}
      </p>
    </section>
  )
}
