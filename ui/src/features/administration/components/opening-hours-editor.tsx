import { WEEKDAYS, type DayDraft } from '../admin-validation'
import { TextField } from './text-field'

export interface OpeningHoursEditorProps {
  week: readonly DayDraft[]
  onChange: (weekday: number, patch: Partial<DayDraft>) => void
  /** Each day's problem (checked already), by weekday. */
  problems: Partial<Record<number, string>>
  disabled?: boolean
}

/** The store's week: for each day, open (from–to, HH:MM) or closed. */
export function OpeningHoursEditor({ week, onChange, problems, disabled }: OpeningHoursEditorProps) {
  return (
    <fieldset className="opening-hours" data-testid="opening-hours">
      <legend className="field__label">Opening hours</legend>
      {week.map((day) => {
        const name = WEEKDAYS[day.weekday - 1] ?? `Day ${day.weekday}`
        const problem = problems[day.weekday]
        return (
          <div key={day.weekday} className="opening-hours__day" data-weekday={day.weekday}>
            <label className="filters__check opening-hours__open">
              <input
                type="checkbox"
                checked={day.open}
                disabled={disabled}
                aria-label={`${name} open`}
                onChange={(event) => {
                  const open = event.target.checked
                  // A day opened again starts from usual hours rather than empty fields.
                  onChange(day.weekday, open && day.opens === '' && day.closes === '' ? { open, opens: '08:00', closes: '17:00' } : { open })
                }}
              />
              <span className="opening-hours__name">{name}</span>
            </label>
            {day.open ? (
              <>
                <TextField
                  label={`${name} opens`}
                  hideLabel
                  className="opening-hours__time"
                  value={day.opens}
                  placeholder="HH:MM"
                  maxLength={5}
                  inputMode="numeric"
                  disabled={disabled}
                  invalid={!!problem}
                  onChange={(opens) => onChange(day.weekday, { opens })}
                />
                <span aria-hidden="true">–</span>
                <TextField
                  label={`${name} closes`}
                  hideLabel
                  className="opening-hours__time"
                  value={day.closes}
                  placeholder="HH:MM"
                  maxLength={5}
                  inputMode="numeric"
                  disabled={disabled}
                  invalid={!!problem}
                  onChange={(closes) => onChange(day.weekday, { closes })}
                />
              </>
            ) : (
              <span className="opening-hours__closed">Closed</span>
            )}
            {problem ? (
              <span className="field__error opening-hours__problem" data-testid={`day-problem-${day.weekday}`}>
                {problem}
              </span>
            ) : null}
          </div>
        )
      })}
    </fieldset>
  )
}
