import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { enterpriseStoresQueryOptions } from '../../components/enterprise-stores/api/get-enterprise-stores'
import { canSeeCompanyMasterList } from '../../lib/roles'
import { useSession } from '../../lib/session'
import { useNow } from '../../lib/use-now'
import { clockTime, dayKey } from '../../lib/date-time'
import type { Appointment } from './api/get-store-day-appointments'
import { addDays } from './appointment-model'
import { appointmentCustomer } from './components/appointment-columns'
import { AppointmentDayList } from './components/appointment-day-list'
import { AppointmentEditorDialog, type AppointmentToMove } from './components/appointment-editor-dialog'
import { storeTimeZone } from '../../components/enterprise-stores/store-time-zone'
import { DateInput } from '../../components/date-input/date-input'

export { LeadAppointmentEditor } from './components/lead-appointment-editor'

const route = getRouteApi('/_app/appointments')

/** The editor's starting point for moving a row's appointment. */
function toMove(appointment: Appointment, timeZone?: string): AppointmentToMove {
  const at = Date.parse(appointment.apptDateTime)
  return {
    id: appointment.id,
    date: Number.isFinite(at) ? dayKey(at, timeZone) : undefined,
    time: clockTime(appointment.apptDateTime, timeZone) || undefined,
    advisorId: appointment.advisorId ?? undefined,
    title: appointment.title ?? undefined,
    opCode: appointment.opCode ?? undefined,
    transportType: appointment.transportType ?? undefined,
    notes: appointment.notes ?? undefined,
    customerName: appointmentCustomer(appointment),
  }
}

/** What the editor is open for: a new appointment, or moving one. */
type EditorState = { appointment?: AppointmentToMove }

/**
 * /appointments — a store's appointments of a day (B-S3, the lane's list):
 * store and day in the URL (default: the first store, its today); each row's
 * time (the store's clock), customer, vehicle, title, advisor, status and
 * transport, a status change offering only the moves the status set allows
 * (a cancel asks first), and Move, which opens the editor on it. New
 * appointment books one for a customer picked from the store's.
 */
export function AppointmentsScreen() {
  const user = useSession()
  const enterprise = user?.enterprise ?? null
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const stores = useQuery({ ...enterpriseStoresQueryOptions(enterprise?.id ?? 0), enabled: enterprise !== null })
  const storeList = stores.data ?? []
  const storeId = search.store ?? storeList[0]?.id
  const store = storeList.find((s) => s.id === storeId)
  const timeZone = storeTimeZone(store)
  const now = useNow(60_000)
  const today = dayKey(now, timeZone)
  const date = search.date ?? today

  const [editor, setEditor] = useState<EditorState | null>(null)
  const move = useCallback((appointment: Appointment) => setEditor({ appointment: toMove(appointment, timeZone) }), [timeZone])

  const showDay = (next: string) => void navigate({ search: (prev) => ({ ...prev, date: next && next !== today ? next : undefined }) })

  if (!enterprise) {
    return (
      <section className="page">
        <header className="page__header">
          <h1>Appointments</h1>
        </header>
        <p className="panel panel__note">
          Your account is not tied to an enterprise.{' '}
          {canSeeCompanyMasterList(user) ? (
            <>
              Pick an enterprise from the <Link to="/CompanyMasterList">company master list</Link>.
            </>
          ) : (
            'Ask an administrator to assign you to an enterprise.'
          )}
        </p>
      </section>
    )
  }

  const storeKnown = search.store === undefined || storeList.some((s) => s.id === search.store)

  return (
    <section className="page">
      <header className="page__header">
        <h1>Appointments</h1>
        <div className="page__actions">
          <button type="button" className="btn btn--primary" disabled={storeId === undefined} onClick={() => setEditor({})}>
            New appointment
          </button>
        </div>
      </header>

      <section className="panel" aria-label="Appointments of the day">
        <div className="panel__header panel__header--toolbar">
          <div className="filters appointment-filters" role="group" aria-label="Day shown">
            <label className="filters__field">
              <span>Store</span>
              <select
                value={storeId ?? ''}
                disabled={stores.isPending}
                onChange={(event) => void navigate({ search: (prev) => ({ ...prev, store: Number(event.target.value) || undefined }) })}
              >
                {storeId === undefined ? <option value="">{stores.isPending ? 'Loading…' : 'No stores'}</option> : null}
                {storeList.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.storeName}
                  </option>
                ))}
                {storeKnown ? null : <option value={search.store}>Store #{search.store}</option>}
              </select>
            </label>
            <label className="filters__field">
              <span>Date</span>
              <DateInput name="day" value={date} required onChange={showDay} />
            </label>
            <span className="appointment-filters__days">
              <button type="button" className="btn btn--small" aria-label="Previous day" onClick={() => showDay(addDays(date, -1))}>
                ‹
              </button>
              <button type="button" className="btn btn--small" disabled={date === today} onClick={() => showDay(today)}>
                Today
              </button>
              <button type="button" className="btn btn--small" aria-label="Next day" onClick={() => showDay(addDays(date, 1))}>
                ›
              </button>
            </span>
          </div>
        </div>
        <AppointmentDayList storeId={storeId} date={date} timeZone={timeZone} storesPending={stores.isPending} onMove={move} />
      </section>

      {storeId !== undefined ? (
        <AppointmentEditorDialog
          open={editor !== null}
          storeId={storeId}
          enterpriseId={enterprise.id}
          timeZone={timeZone}
          appointment={editor?.appointment}
          onClose={() => setEditor(null)}
          onBooked={(booked) => {
            // Show the day it was booked on.
            const at = Date.parse(booked.apptDateTime)
            if (Number.isFinite(at)) showDay(dayKey(at, timeZone))
          }}
        />
      ) : null}
    </section>
  )
}
