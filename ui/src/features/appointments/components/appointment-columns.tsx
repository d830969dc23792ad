import { CellStack } from '../../../components/data-table/cell-stack'
import { createDataTableColumnHelper } from '../../../components/data-table/data-table-features'
import { formatPhone } from '../../../lib/format-phone'
import { clockTime } from '../../../lib/date-time'
import { formatMinutes } from '../../../lib/format-duration'
import type { Appointment } from '../api/get-store-day-appointments'
import { dmsLabel, isInHouse, statusLabel, statusTone, transportLabel, type AppointmentStatus } from '../appointment-model'
import { AppointmentStatusSelect } from './appointment-status-select'

const column = createDataTableColumnHelper<Appointment>()

export interface AppointmentColumnOptions {
  /** The store's time zone (IANA): times are its wall clock. */
  timeZone?: string
  /** The appointment whose status is being changed. */
  pendingId?: number
  onStatus: (appointment: Appointment, status: AppointmentStatus) => void
  onMove: (appointment: Appointment) => void
}

export function appointmentCustomer(appointment: Pick<Appointment, 'customerName' | 'customerId' | 'id'>): string {
  return appointment.customerName || (appointment.customerId ? `Customer #${appointment.customerId}` : `Appointment #${appointment.id}`)
}

/** When the customer came in (and left), on the store's clock, for the in-house cell's hover. */
function visitTimes(appointment: Appointment, timeZone?: string): string | undefined {
  if (!appointment.checkedInAt) return undefined
  const inAt = `Checked in ${clockTime(appointment.checkedInAt, timeZone)}`
  return appointment.checkedOutAt ? `${inAt}, completed ${clockTime(appointment.checkedOutAt, timeZone)}` : inAt
}

/** The day list: time, customer, vehicle, title, advisor, status, in-house time, transport and the row's actions. */
export function appointmentColumns({ timeZone, pendingId, onStatus, onMove }: AppointmentColumnOptions) {
  return column.columns([
    column.accessor((a) => clockTime(a.apptDateTime, timeZone), {
      id: 'time',
      header: 'Time',
      meta: { width: '6.5rem' },
      cell: (info) => (
        <time dateTime={info.row.original.apptDateTime} className="nowrap" data-testid="appointment-time">
          {info.getValue() || '—'}
        </time>
      ),
    }),
    column.accessor((a) => appointmentCustomer(a), {
      id: 'customer',
      header: 'Customer',
      meta: { width: '10rem' },
      cell: (info) => {
        const phone = formatPhone(info.row.original.cellular)
        return <CellStack main={<strong data-testid="appointment-customer-name">{info.getValue()}</strong>} sub={phone} />
      },
    }),
    column.accessor((a) => a.vehicle ?? '', {
      id: 'vehicle',
      header: 'Vehicle',
      meta: { width: '9rem' },
      cell: (info) => {
        const vin = info.row.original.vin
        return <CellStack main={info.getValue()} sub={vin ? `VIN ${vin}` : ''} title={[info.getValue(), vin].filter(Boolean).join(' · ') || undefined} />
      },
    }),
    column.accessor((a) => a.title ?? '', {
      id: 'title',
      header: 'Title',
      cell: (info) => <CellStack main={info.getValue()} sub={info.row.original.opCode ? `Op code ${info.row.original.opCode}` : ''} />,
    }),
    column.accessor((a) => a.advisorName ?? '', {
      id: 'advisor',
      header: 'Advisor',
      meta: { width: '6rem' },
      cell: (info) => <span data-testid="appointment-advisor">{info.getValue() || '—'}</span>,
    }),
    column.accessor((a) => a.status, {
      id: 'status',
      header: 'Status',
      meta: { width: '8.5rem' },
      cell: (info) => {
        const { dmsStatus, dmsError } = info.row.original
        return (
          <CellStack
            main={
              <span className={`badge badge--${statusTone(info.getValue())}`} data-testid="appointment-status" data-status={info.getValue()}>
                {statusLabel(info.getValue())}
              </span>
            }
            sub={dmsStatus ? <span data-testid="appointment-dms">{dmsLabel(dmsStatus)}</span> : ''}
            title={dmsError ? `Dealer system: ${dmsError}` : undefined}
          />
        )
      },
    }),
    // The waiting room's clock (B-S3): the server's whole minutes from check-in; live while the customer is in.
    column.accessor((a) => a.inHouseMinutes, {
      id: 'inHouse',
      header: 'In house',
      meta: { width: '6.5rem' },
      cell: (info) => {
        const a = info.row.original
        const live = isInHouse(a)
        return (
          <CellStack
            main={
              <span className="nowrap" data-testid="appointment-in-house" data-live={live || undefined}>
                {formatMinutes(info.getValue())}
              </span>
            }
            sub={live ? <span className="badge badge--success in-house-badge">in house</span> : ''}
            title={visitTimes(a, timeZone)}
          />
        )
      },
    }),
    column.accessor((a) => transportLabel(a.transportType), {
      id: 'transport',
      header: 'Transport',
      meta: { width: '5.5rem' },
      cell: (info) => info.getValue() || '—',
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { width: '12.5rem' },
      cell: (info) => {
        const a = info.row.original
        const what = `${appointmentCustomer(a)} at ${clockTime(a.apptDateTime, timeZone)}`
        const status = a.status
        return (
          <span className="appointment-actions">
            <AppointmentStatusSelect moves={a.movesTo} what={what} disabled={pendingId === a.id} onChange={(next) => onStatus(a, next)} />
            {status === 'SCHEDULED' || status === 'CONFIRMED' ? (
              <button type="button" className="btn btn--small" aria-label={`Move ${what}`} disabled={pendingId === a.id} onClick={() => onMove(a)}>
                Move
              </button>
            ) : null}
          </span>
        )
      },
    }),
  ])
}

export function appointmentRowId(appointment: Appointment): string {
  return String(appointment.id)
}
