import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { useEnterpriseStores } from '../../../components/enterprise-stores/api/get-enterprise-stores'
import { useModalDialog } from '../../../components/modal-dialog/use-modal-dialog'
import { ApiError } from '../../../lib/api-client'
import { useCreateReportSchedule } from '../api/create-report-schedule'
import { useMailingLists } from '../api/get-mailing-lists'
import { useStoreZones } from '../api/get-store-zones'
import {
  browserTimeZone,
  DEFAULT_SCHEDULE_HOUR,
  DEFAULT_WEEKDAY,
  defaultScheduleZone,
  describeScheduleCron,
  hourLabel,
  periodLabel,
  periodOfRepeat,
  reportSchedulePayload,
  SCHEDULE_REPEATS,
  scheduleCron,
  scheduleFailureText,
  timeZoneOptions,
  WEEKDAYS,
  type ScheduleRepeat,
  type Weekday,
} from '../report-schedules'
import { hasCustomerType, type ReportSearch } from '../report-search'
import { serviceTypeLabel } from '../../../lib/service-types'

export interface ScheduleReportDialogProps {
  open: boolean
  /** The report's key and title. */
  kind: string
  title: string
  enterpriseId: number
  /** The report's filter: its stores, service types and customer type go along. */
  search: ReportSearch
  onClose: () => void
}

/**
 * "Schedule e-mail": the report, with the filter on screen, e-mailed to a
 * mailing list every day, every week on a weekday or every month on the 1st, at
 * an hour of the chosen time zone (the store's when known, else the browser's);
 * each e-mail covers the day, 7 days or month just ended.
 */
export function ScheduleReportDialog({ open, onClose, ...rest }: ScheduleReportDialogProps) {
  const ref = useModalDialog(open)
  return (
    <dialog
      ref={ref}
      className="form-dialog schedule-report"
      aria-labelledby="schedule-report-title"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {/* Mounted while open: every opening starts afresh. */}
      {open ? <ScheduleReportForm onClose={onClose} {...rest} /> : null}
    </dialog>
  )
}

function defaultRepeat(kind: string): ScheduleRepeat {
  if (kind === 'daily') return 'daily'
  if (kind === 'monthly') return 'monthly'
  return 'weekly'
}

function ScheduleReportForm({ kind, title, enterpriseId, search, onClose }: Omit<ScheduleReportDialogProps, 'open'>) {
  const ids = useId()
  const create = useCreateReportSchedule()
  const lists = useMailingLists(enterpriseId)
  const stores = useEnterpriseStores(enterpriseId)
  const storeZones = useStoreZones()
  const [listId, setListId] = useState<number | undefined>(undefined)
  const [repeat, setRepeat] = useState<ScheduleRepeat>(() => defaultRepeat(kind))
  const [hour, setHour] = useState(DEFAULT_SCHEDULE_HOUR)
  const [weekday, setWeekday] = useState<Weekday>(DEFAULT_WEEKDAY)
  const [chosenZone, setChosenZone] = useState<string | undefined>(undefined)
  const [checked, setChecked] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const busy = create.isPending

  // The report's stores: the ones picked in its filter, else every store of the user's.
  const storeIds = search.store ?? (stores.data ?? []).map((s) => s.id)
  const browser = browserTimeZone()
  const timeZone = chosenZone ?? defaultScheduleZone({ storeZones: storeZones.zones, chosenStores: search.store ?? [], browser })
  const zones = timeZoneOptions(timeZone, browser)
  const customerType = search.customerType && hasCustomerType(kind) ? String(search.customerType) : undefined

  const listProblem = listId === undefined ? 'Choose the mailing list to send it to.' : null
  const storesProblem = search.store
    ? null
    : stores.isError
      ? 'Your stores could not be loaded; try again later.'
      : stores.isSuccess && storeIds.length === 0
        ? 'You have no stores to report on.'
        : null
  const storesUnknown = !search.store && stores.isPending
  const list = lists.data?.find((l) => l.mailingListMasterId === listId)
  const timing = { repeat, hour, weekday }
  const storeNames = new Map((stores.data ?? []).map((s) => [s.id, s.storeName]))
  const storesText = search.store
    ? search.store.map((id) => storeNames.get(id) ?? `Store #${id}`).join(', ')
    : stores.isSuccess
      ? `all your stores (${storeIds.length})`
      : 'all your stores'
  const narrowed = [...(search.serviceType ?? []).map(serviceTypeLabel), ...(customerType ? [customerType === '1' ? 'Type A' : 'Type B'] : [])]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (busy || listId === undefined || storesProblem || storesUnknown) return
    setServerError(null)
    create.mutate(
      reportSchedulePayload({
        enterpriseId,
        report: kind,
        mailingListId: listId,
        storeIds,
        serviceTypes: search.serviceType,
        customerType,
        timeZone,
        ...timing,
      }),
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return
          setServerError(scheduleFailureText(error))
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id="schedule-report-title" className="form-dialog__header">
        Schedule e-mail: {title}
      </h2>
      <div className="form-dialog__body">
        <div className="field">
          <label htmlFor={`${ids}-list`} className="field__label">
            Mailing list
          </label>
          {lists.isSuccess && lists.data.length === 0 ? (
            <p className="warning-box" data-testid="no-mailing-lists">
              <span>
                There is no mailing list yet. <Link to="/reports/mailing-lists">Create one</Link>, then schedule the report.
              </span>
            </p>
          ) : (
            <select
              id={`${ids}-list`}
              value={listId ?? ''}
              disabled={busy || !lists.isSuccess}
              aria-invalid={checked && listProblem !== null}
              aria-describedby={`${ids}-list-help`}
              onChange={(event) => setListId(event.target.value === '' ? undefined : Number(event.target.value))}
            >
              <option value="">{lists.isPending ? 'Loading the lists…' : 'Choose a list'}</option>
              {(lists.data ?? []).map((l) => (
                <option key={l.mailingListMasterId} value={l.mailingListMasterId}>
                  {l.code} ({l.recipients} {l.recipients === 1 ? 'recipient' : 'recipients'})
                </option>
              ))}
            </select>
          )}
          <span id={`${ids}-list-help`} className={checked && listProblem ? 'field__error' : 'field__hint'}>
            {checked && listProblem ? listProblem : list && list.recipients === 0 ? (
              'This list has no recipients yet: add some before it is sent.'
            ) : (
              <>
                Lists are kept on the <Link to="/reports/mailing-lists">Mailing lists</Link> page.
              </>
            )}
          </span>
        </div>

        <fieldset className="schedule-presets">
          <legend className="field__label">Repeat</legend>
          {SCHEDULE_REPEATS.map((r) => (
            <label key={r.id} className={`planner-view${repeat === r.id ? ' is-selected' : ''}`}>
              <input
                type="radio"
                className="planner-view__input"
                name={`${ids}-repeat`}
                value={r.id}
                checked={repeat === r.id}
                disabled={busy}
                onChange={() => setRepeat(r.id)}
              />
              <span>{r.label}</span>
            </label>
          ))}
        </fieldset>

        <div className="filters">
          {repeat === 'weekly' ? (
            <div className="filters__field">
              <label htmlFor={`${ids}-weekday`}>On</label>
              <select id={`${ids}-weekday`} value={weekday} disabled={busy} onChange={(event) => setWeekday(Number(event.target.value) as Weekday)}>
                {WEEKDAYS.map((d, i) => (
                  <option key={d.cron} value={i}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
          ) : repeat === 'monthly' ? (
            <span className="filters__field">
              <span>On</span>
              <span className="schedule-report__fixed">the 1st</span>
            </span>
          ) : null}
          <div className="filters__field">
            <label htmlFor={`${ids}-hour`}>At</label>
            <select id={`${ids}-hour`} value={hour} disabled={busy} onChange={(event) => setHour(Number(event.target.value))}>
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
          </div>
          <div className="filters__field">
            <label htmlFor={`${ids}-zone`}>Time zone</label>
            <select id={`${ids}-zone`} value={timeZone} disabled={busy} onChange={(event) => setChosenZone(event.target.value)}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </div>
        </div>

        <p className="schedule-report__summary" data-testid="schedule-summary">
          {describeScheduleCron(scheduleCron(timing))} ({timeZone}): the {title} of {periodLabel(periodOfRepeat(repeat))}, for {storesText}
          {narrowed.length > 0 ? ` (${narrowed.join(', ')})` : ''}, e-mailed as an Excel file to {list ? list.code : 'the list'}.
        </p>
        {storesProblem ? <p className="field__error">{storesProblem}</p> : null}
        {serverError ? (
          <p className="danger-box" role="alert" data-testid="schedule-error">
            {serverError}
          </p>
        ) : null}
      </div>
      <div className="form-dialog__actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy || storesUnknown || (lists.isSuccess && lists.data.length === 0)}>
          {busy ? 'Scheduling…' : 'Schedule'}
        </button>
      </div>
    </form>
  )
}
