export interface SwitchProps {
  checked: boolean
  /** The accessible name, e.g. 'AI for Sandra Flores'. */
  label: string
  /** A change is being saved: the switch waits. */
  pending?: boolean
  disabled?: boolean
  onChange: (next: boolean) => void
}

/** An on/off switch (`role="switch"`); Space or Enter toggles it like any button. */
export function Switch({ checked, label, pending = false, disabled = false, onChange }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      className={`switch${checked ? ' is-on' : ''}`}
      aria-checked={checked}
      aria-label={label}
      aria-busy={pending || undefined}
      disabled={disabled || pending}
      onClick={() => onChange(!checked)}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  )
}
