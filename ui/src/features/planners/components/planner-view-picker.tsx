import { useId } from 'react'
import { PLANNER_VIEWS, type PlannerViewId } from '../planner-views'

export interface PlannerViewPickerProps {
  /** The picked view's id. */
  value: PlannerViewId
  onChange: (viewId: PlannerViewId) => void
}

/**
 * The planners as one radio group (arrow keys move between them). A planner
 * that cannot run here yet is shown disabled, with why.
 */
export function PlannerViewPicker({ value, onChange }: PlannerViewPickerProps) {
  const ids = useId()
  const unavailable = PLANNER_VIEWS.filter((view) => !view.available)

  return (
    <fieldset className="planner-views">
      <legend className="planner-views__legend">Planner</legend>
      <div className="planner-views__list">
        {PLANNER_VIEWS.map((view) => {
          const checked = view.id === value
          const noteId = view.available ? undefined : `${ids}-${view.id}-note`
          return (
            <label
              key={view.id}
              className={`planner-view${checked ? ' is-selected' : ''}${view.available ? '' : ' is-disabled'}`}
              title={view.available ? undefined : view.note}
            >
              <input
                type="radio"
                name={`${ids}-planner`}
                className="planner-view__input"
                value={view.id}
                checked={checked}
                disabled={!view.available}
                aria-describedby={noteId}
                onChange={() => {
                  if (view.available) onChange(view.id)
                }}
              />
              <span className="planner-view__label">{view.label}</span>
            </label>
          )
        })}
      </div>
      {unavailable.map((view) =>
        view.available ? null : (
          <p key={view.id} id={`${ids}-${view.id}-note`} className="planner-views__note">
            {view.label}: {view.note}
          </p>
        ),
      )}
    </fieldset>
  )
}
