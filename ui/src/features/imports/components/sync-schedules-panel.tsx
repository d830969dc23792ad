import { useId, useState, type FormEvent } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog'
import { Switch } from '../../../components/switch/switch'
import { formatDateTime } from '../../../lib/date-time'
import { useCreateSchedule } from '../api/create-schedule'
import { useDeleteSchedule } from '../api/delete-schedule'
import type { DataSource } from '../api/get-data-sources'
import { useSchedules, type Schedule } from '../api/get-schedules'
import { useUpdateSchedule } from '../api/update-schedule'
import { syncAvailability } from '../data-sources'
import {
  browserTimeZone,
  CRON_PRESETS,
  CUSTOM_PRESET,
  cronOfChoice,
  cronProblem,
  DEFAULT_PRESET,
  describeCron,
  normalizeCron,
  schedulesOfSource,
  SERVER_DEFAULT_TIME_ZONE,
  syncSchedulePayload,
  timeZoneOptions,
  type CronPresetId,
} from '../sync-schedules'

/**
 * A source's scheduled syncs: the scheduler's `imports.sync` schedules of this
 * source (each switched on or off, or deleted after a confirmation), and a
 * new one from a preset ("Every hour", "Every day at 2 AM"…) or a cron, read
 * in a time zone.
 */
export function SyncSchedulesPanel({ source, enterpriseId }: { source: DataSource; enterpriseId: number }) {
  const ids = useId()
  const { allowed } = syncAvailability({ ...source, enabled: true })
  const schedules = useSchedules(enterpriseId, source.storeIdFk, { enabled: allowed })
  const mine = schedulesOfSource(schedules.data, source.id)

  return (
    <section className="source-section" aria-labelledby={`${ids}-title`} data-testid="source-schedules">
      <header className="source-section__header">
        <h3 id={`${ids}-title`}>Scheduled syncs</h3>
      </header>
      {!allowed ? (
        <p className="source-section__intro">
          {source.sourceKind === 'UPLOAD_ONLY' ? 'An uploads-only source has no sync, so nothing to schedule.' : 'The source is not tied to a store.'}
        </p>
      ) : (
        <>
          <p className="source-section__intro">
            Each time a schedule fires, one sync runs, as "Sync now" does.
            {source.enabled ? '' : ' The source is switched off: it does not sync, on a schedule or otherwise, until it is switched on again.'}
          </p>
          {schedules.isPending ? (
            <p className="panel__note" aria-busy="true">
              Loading the schedules…
            </p>
          ) : schedules.isError ? (
            <p className="panel__note">The schedules could not be loaded.</p>
          ) : mine.length === 0 ? (
            <p className="panel__note" data-testid="no-schedules">
              No schedule yet: the source syncs only when someone presses "Sync now".
            </p>
          ) : (
            <ul className="schedule-list" aria-label={`Schedules of ${source.name}`}>
              {mine.map((schedule) => (
                <ScheduleItem key={schedule.id} schedule={schedule} />
              ))}
            </ul>
          )}
          <NewScheduleForm source={source} storeId={source.storeIdFk!} enterpriseId={enterpriseId} />
        </>
      )}
    </section>
  )
}

function ScheduleItem({ schedule }: { schedule: Schedule }) {
  const update = useUpdateSchedule()
  const remove = useDeleteSchedule()
  const [confirming, setConfirming] = useState(false)
  const what = describeCron(schedule.cron)
  const enabled = update.isPending ? update.variables.enabled : schedule.enabled
  return (
    <li className="schedule-item" data-schedule-id={schedule.id}>
      <Switch
        checked={enabled}
        label={`Schedule "${what}" switched on`}
        pending={update.isPending}
        onChange={(next) => update.mutate({ scheduleId: schedule.id, enabled: next })}
      />
      <span className="schedule-item__what">
        <span className="schedule-item__cron">{what}</span>
        <span className="panel__meta">
          <code>{normalizeCron(schedule.cron)}</code> · {schedule.timeZone}
        </span>
      </span>
      <span className="schedule-item__times panel__meta">
        {schedule.enabled ? `Next: ${formatDateTime(schedule.nextFireAt, schedule.timeZone)}` : 'Switched off'}
        {schedule.lastFiredAt ? ` · last: ${formatDateTime(schedule.lastFiredAt, schedule.timeZone)}` : ''}
      </span>
      <button type="button" className="btn btn--small btn--danger" disabled={remove.isPending} onClick={() => setConfirming(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        header="Delete schedule"
        message={`Delete the schedule "${what}" (${schedule.timeZone})? The source no longer syncs at those times.`}
        confirmText="Yes"
        cancelText="No"
        loading={remove.isPending}
        onConfirm={() => remove.mutate(schedule.id, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </li>
  )
}

function NewScheduleForm({ source, storeId, enterpriseId }: { source: DataSource; storeId: number; enterpriseId: number }) {
  const ids = useId()
  const create = useCreateSchedule()
  const [preset, setPreset] = useState<CronPresetId>(DEFAULT_PRESET)
  const [custom, setCustom] = useState('')
  const [timeZone, setTimeZone] = useState(SERVER_DEFAULT_TIME_ZONE)
  const [checked, setChecked] = useState(false)
  const zones = timeZoneOptions(browserTimeZone())

  const cron = cronOfChoice(preset, custom)
  const problem = preset === CUSTOM_PRESET ? cronProblem(custom) : null
  const showProblem = checked && problem !== null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (problem !== null || create.isPending) return
    create.mutate(syncSchedulePayload({ enterpriseId, source: { id: source.id, storeIdFk: storeId }, cron, timeZone }), {
      onSuccess: () => {
        setChecked(false)
        setCustom('')
      },
    })
  }

  return (
    <form className="schedule-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h4 id={`${ids}-title`} className="schedule-form__title">
        New schedule
      </h4>
      <fieldset className="schedule-presets">
        <legend className="visually-hidden">Repeat</legend>
        {CRON_PRESETS.map((p) => (
          <label key={p.id} className={`planner-view${preset === p.id ? ' is-selected' : ''}`} title={p.cron}>
            <input
              type="radio"
              className="planner-view__input"
              name={`${ids}-preset`}
              value={p.id}
              checked={preset === p.id}
              disabled={create.isPending}
              onChange={() => setPreset(p.id)}
            />
            <span>{p.label}</span>
          </label>
        ))}
        <label className={`planner-view${preset === CUSTOM_PRESET ? ' is-selected' : ''}`}>
          <input
            type="radio"
            className="planner-view__input"
            name={`${ids}-preset`}
            value={CUSTOM_PRESET}
            checked={preset === CUSTOM_PRESET}
            disabled={create.isPending}
            onChange={() => setPreset(CUSTOM_PRESET)}
          />
          <span>Custom cron</span>
        </label>
      </fieldset>
      <div className="filters schedule-form__fields">
        {preset === CUSTOM_PRESET ? (
          <label className="filters__field schedule-form__cron">
            <span>Cron (minute hour day month weekday)</span>
            <input
              type="text"
              value={custom}
              placeholder="30 1 * * *"
              spellCheck={false}
              autoComplete="off"
              disabled={create.isPending}
              aria-invalid={showProblem}
              aria-describedby={showProblem ? `${ids}-cron-problem` : undefined}
              onChange={(event) => setCustom(event.target.value)}
              onBlur={() => {
                if (custom.trim() !== '') setChecked(true)
              }}
            />
          </label>
        ) : null}
        <label className="filters__field">
          <span>Time zone</span>
          <select value={timeZone} disabled={create.isPending} onChange={(event) => setTimeZone(event.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary btn--small" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add schedule'}
        </button>
      </div>
      {showProblem ? (
        <p id={`${ids}-cron-problem`} className="field__error">
          {problem}
        </p>
      ) : (
        <p className="field__hint">
          {preset === CUSTOM_PRESET ? 'Five fields, or six with seconds first; times are read in the time zone.' : `Cron ${cron}, read in ${timeZone}.`}
        </p>
      )}
    </form>
  )
}
