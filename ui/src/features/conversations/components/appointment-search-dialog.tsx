import { Popover } from '../../../components/popover/popover'
import { ApiError } from '../../../lib/api-client'
import { EMPTY_LIST_TEXT } from '../../../lib/config'
import { formatPhone } from '../../../lib/format-phone'
import { clockTime, dayKey, timeOf, writtenDate } from '../../../lib/zoned-time'
import { useAppointmentSearch, type Appointment } from '../api/search-appointments'

export const APPOINTMENT_SEARCH_TITLE = 'Appointment Search'

const COLUMNS = ['Date / time', 'Customer', 'Phone', 'Vehicle', 'Status', 'Transport'] as const
/** Placeholder rows while searching, in the results' own box so that nothing moves when they arrive. */
const SKELETON_ROWS = 3

export interface AppointmentSearchDialogProps {
  /** Where the menu was opened. */
  anchor: { x: number; y: number }
  /** The selected text. */
  query: string
  /** The conversation's store; all the caller's stores when unknown. */
  storeId?: number
  /** The store's time zone (IANA): appointment times are shown in it. */
  timeZone?: string
  /** The message the search was started from: Escape and Close give focus back to it. */
  returnFocus: HTMLElement | null
  onClose: () => void
}

/** `Nov 23, 2026` and `10:30 AM` of an appointment in the store's zone. */
function appointmentTime(iso: string, timeZone?: string): { date: string; time: string } | null {
  const t = timeOf(iso)
  if (!Number.isFinite(t)) return null
  return { date: writtenDate(dayKey(t, timeZone), 'medium'), time: clockTime(iso, timeZone) }
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
 * The selection menu's Appointment Search (spec sections 2 and 5): the
 * appointments matching the selected text in the conversation's store, soonest
 * first, with time (store's zone), customer, phone, vehicle, status and transport.
 */
export function AppointmentSearchDialog({ anchor, query, storeId, timeZone, returnFocus, onClose }: AppointmentSearchDialogProps) {
  const search = useAppointmentSearch({ query, storeId })
  const appointments = search.data?.content ?? []
  const total = search.data?.totalElements ?? 0

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

  const close = () => {
    onClose()
    if (returnFocus?.isConnected) returnFocus.focus()
  }

  return (
    <Popover
      anchor={anchor}
      label={APPOINTMENT_SEARCH_TITLE}
      title={APPOINTMENT_SEARCH_TITLE}
      className="popover--wide appointment-search"
      returnFocus={returnFocus}
      onClose={onClose}
    >
      <p className="appointment-search__query">
        Matching <q>{query}</q>
      </p>
      <div
        className="appointment-search__results"
        role="region"
        aria-label="Appointments"
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
      <div className="appointment-search__footer">
        <span className="appointment-search__count" role="status">
          {search.isPending
            ? 'Searching…'
            : search.isSuccess && total > appointments.length
              ? `Showing ${appointments.length} of ${total}`
              : ''}
        </span>
        <button type="button" className="btn btn--small" onClick={close}>
          Close
        </button>
      </div>
    </Popover>
  )
}
