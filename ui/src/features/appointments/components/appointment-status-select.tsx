import { statusLabel, type AppointmentStatus } from '../appointment-model'

export interface AppointmentStatusSelectProps {
  /** The statuses the server allows from the appointment's (`movesTo`). */
  moves: readonly AppointmentStatus[]
  /** Names the appointment, for the accessible name: "Change status of Dana Reyes at 9:30 AM". */
  what: string
  disabled?: boolean
  onChange: (status: AppointmentStatus) => void
}

/**
 * The status change of a row: only the moves the server allows from the
 * appointment's status (none for a final one: nothing is shown).
 */
export function AppointmentStatusSelect({ moves: next, what, disabled = false, onChange }: AppointmentStatusSelectProps) {
  if (next.length === 0) return null
  return (
    <select
      className="appointment-status-select"
      aria-label={`Change status of ${what}`}
      value=""
      disabled={disabled}
      onChange={(event) => {
        const chosen = next.find((s) => s === event.target.value)
        if (chosen) onChange(chosen)
      }}
    >
      <option value="" disabled>
        Change status…
      </option>
      {next.map((s) => (
        <option key={s} value={s}>
          {statusLabel(s)}
        </option>
      ))}
    </select>
  )
}
