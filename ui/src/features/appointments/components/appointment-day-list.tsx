import { useMemo, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { DataTable } from '../../../components/data-table/data-table'
import { ApiError, firstErrorText, notifyApiError } from '../../../lib/api-client'
import { UPDATED_NOTICE_TEXT } from '../../../lib/config'
import { notify } from '../../../lib/notices'
import { formatDay } from '../../../lib/date-time'
import { useStoreDayAppointments, type Appointment } from '../api/get-store-day-appointments'
import { useSetAppointmentStatus, type SetAppointmentStatusInput } from '../api/set-appointment-status'
import { CANCEL_APPOINTMENT_QUESTION } from '../appointment-model'
import { appointmentColumns, appointmentRowId } from './appointment-columns'

export interface AppointmentDayListProps {
  /** The store shown; none yet (its list is loading) or none at all. */
  storeId: number | undefined
  /** The store's local day, YYYY-MM-DD. */
  date: string
  /** The store's time zone (IANA). */
  timeZone?: string
  /** The user's stores are still loading. */
  storesPending?: boolean
  onMove: (appointment: Appointment) => void
}

/** A refused status change (400: a move the set does not allow) is a warning with the server's words; anything else the usual notice. */
function warnStatusFailure(error: unknown): void {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    notify({ type: 'warning', message: firstErrorText(error) })
    return
  }
  notifyApiError(error)
}

/**
 * A store's appointments of a day (B-S3, the lane's list): time (the store's
 * clock), customer, vehicle, title, advisor, status and transport; each row
 * offers only the status moves the set allows from its status (a cancel asks
 * first), and Move. The server's answer shows as a notice: 'Successfully
 * Updated', or its reason as a warning.
 */
export function AppointmentDayList({ storeId, date, timeZone, storesPending = false, onMove }: AppointmentDayListProps) {
  const day = useStoreDayAppointments(storeId, date)
  const setStatus = useSetAppointmentStatus()
  const [cancelling, setCancelling] = useState<Appointment | null>(null)

  const pendingId = setStatus.isPending ? setStatus.variables.appointmentId : undefined
  const { mutate } = setStatus
  const columns = useMemo(() => {
    const change = (input: SetAppointmentStatusInput) =>
      mutate(input, {
        onSuccess: (answer) => notify({ message: answer.message || UPDATED_NOTICE_TEXT }),
        onError: warnStatusFailure,
        onSettled: () => setCancelling(null),
      })
    return {
      change,
      list: appointmentColumns({
        timeZone,
        pendingId,
        onStatus: (appointment, status) => {
          if (status === 'CANCELLED') setCancelling(appointment)
          else change({ appointmentId: appointment.id, status })
        },
        onMove,
      }),
    }
  }, [timeZone, pendingId, mutate, onMove])

  const count = day.data?.length ?? 0
  return (
    <>
      <p className="panel__meta appointment-count" role="status" data-testid="appointment-count">
        {day.isSuccess ? `${count} ${count === 1 ? 'appointment' : 'appointments'} on ${formatDay(date)}` : '\u00a0'}
      </p>
      {day.isError ? (
        <p className="panel__note text-danger" role="alert">
          {day.error instanceof ApiError ? day.error.message : 'The appointments could not be loaded.'}
        </p>
      ) : null}
      <DataTable
        label="Appointments"
        className="appointment-table"
        columns={columns.list}
        data={day.data}
        getRowId={appointmentRowId}
        isLoading={day.isLoading || (storeId === undefined && storesPending)}
        isFetching={day.isFetching && !day.isLoading}
        emptyText={storeId === undefined && !storesPending ? 'You see no stores.' : 'No appointments on this day.'}
      />
      <ConfirmDialog
        open={cancelling !== null}
        header="Cancel appointment"
        message={CANCEL_APPOINTMENT_QUESTION}
        confirmText="Yes"
        cancelText="No"
        loading={setStatus.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (cancelling) columns.change({ appointmentId: cancelling.id, status: 'CANCELLED' })
        }}
      />
    </>
  )
}
