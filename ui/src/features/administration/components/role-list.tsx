import { useId } from 'react'
import { roleLabel } from '../../../lib/roles'

export interface RoleListProps {
  /** The user's roles in order: the first decides where they land after signing in. */
  value: readonly string[]
  /** The roles that may be added (the ones the signed-in user may give). */
  grantable: readonly string[]
  onChange: (next: string[]) => void
  error?: string | null
  disabled?: boolean
}

/** An ordered list of roles: add from those the user may give, move up or down, remove. */
export function RoleList({ value, grantable, onChange, error, disabled }: RoleListProps) {
  const id = useId()
  const addable = grantable.filter((r) => !value.includes(r))
  const move = (index: number, by: -1 | 1) => {
    const next = [...value]
    const [role] = next.splice(index, 1)
    next.splice(index + by, 0, role!)
    onChange(next)
  }
  return (
    <fieldset className="role-list" aria-describedby={`${id}-help`} aria-invalid={error ? true : undefined}>
      <legend className="field__label">Roles, in order</legend>
      {value.length > 0 ? (
        <ol className="role-list__items" aria-label="Roles">
          {value.map((role, index) => {
            const label = roleLabel(role)
            return (
              <li key={role} className="role-list__item" data-role={role}>
                <span className="role-list__name">
                  {label}
                  {index === 0 ? <span className="badge badge--info">decides the landing page</span> : null}
                </span>
                <span className="row-actions">
                  <button type="button" className="btn btn--small btn--icon" aria-label={`Move ${label} up`} disabled={disabled || index === 0} onClick={() => move(index, -1)}>
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn--small btn--icon"
                    aria-label={`Move ${label} down`}
                    disabled={disabled || index === value.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button type="button" className="btn btn--small" aria-label={`Remove ${label}`} disabled={disabled} onClick={() => onChange(value.filter((r) => r !== role))}>
                    Remove
                  </button>
                </span>
              </li>
            )
          })}
        </ol>
      ) : null}
      <div className="role-list__add">
        <label htmlFor={`${id}-add`} className="visually-hidden">
          Add a role
        </label>
        <select
          id={`${id}-add`}
          value=""
          disabled={disabled || addable.length === 0}
          onChange={(event) => {
            if (event.target.value !== '') onChange([...value, event.target.value])
          }}
        >
          <option value="">{addable.length === 0 ? 'No more roles to give' : 'Add a role…'}</option>
          {addable.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </div>
      <span id={`${id}-help`} className={error ? 'field__error' : 'field__hint'}>
        {error ?? 'The first role decides where the user lands after signing in.'}
      </span>
    </fieldset>
  )
}
